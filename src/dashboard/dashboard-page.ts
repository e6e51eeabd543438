/**
 * The dashboard's HTML and CSS: a static skeleton that `dashboard.js` fills.
 * Relative links, so that it works under any base path.
 *
 * @example
 * const html = dashboardPage()
 */
export function dashboardPage(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>petstore-mock dashboard</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body>
<header class="top">
  <div class="brand">
    <svg class="logo" viewBox="0 0 32 32" aria-hidden="true"><circle cx="9" cy="11" r="3.2"/><circle cx="16" cy="7.5" r="3.2"/><circle cx="23" cy="11" r="3.2"/><circle cx="6.5" cy="18" r="2.8"/><path d="M16 14c-4.5 0-8.5 6.2-8.5 9.5 0 2.6 2.2 3.5 4.3 3.5 1.8 0 2.8-1 4.2-1s2.4 1 4.2 1c2.1 0 4.3-.9 4.3-3.5C24.5 20.2 20.5 14 16 14z"/><circle cx="25.5" cy="18" r="2.8"/></svg>
    <div>
      <h1>petstore-mock</h1>
      <p class="sub">Animal Adoption Service API mock · <span id="origin"></span></p>
    </div>
  </div>
  <nav class="actions" aria-label="Mock">
    <span id="live" class="live" role="status" aria-live="polite">connecting…</span>
    <a class="button ghost" href="../openapi.json" target="_blank" rel="noopener">OpenAPI document</a>
    <button type="button" id="reset" class="button danger">Reset mock</button>
  </nav>
</header>
<main class="grid">
  <section class="panel log" aria-labelledby="log-title">
    <div class="panel-head">
      <h2 id="log-title">Requests <span id="count" class="count"></span></h2>
      <form id="filter" class="filter" role="search" aria-label="Filter requests">
        <label>Method
          <select name="method">
            <option value="">any</option>
            <option>GET</option><option>POST</option><option>HEAD</option><option>OPTIONS</option>
            <option>PUT</option><option>PATCH</option><option>DELETE</option>
          </select>
        </label>
        <label>Path or route
          <input name="path" type="search" placeholder="/v1/pets/{petId}" autocomplete="off">
        </label>
        <label>Status
          <input name="status" type="search" placeholder="429 or 4xx" size="9" autocomplete="off">
        </label>
      </form>
    </div>
    <div class="table-wrap">
      <table>
        <caption class="visually-hidden">Requests the mock answered, newest first</caption>
        <thead><tr>
          <th scope="col">Time</th><th scope="col">Method</th><th scope="col">Path</th>
          <th scope="col">Status</th><th scope="col">Code</th><th scope="col">Plan</th>
          <th scope="col" class="num">ms</th>
        </tr></thead>
        <tbody id="rows"></tbody>
      </table>
      <p id="empty" class="empty">No requests yet. Try <code id="try"></code></p>
      <p id="no-match" class="empty" hidden>No request matches the filter.</p>
    </div>
  </section>
  <aside class="side">
    <section class="panel" aria-labelledby="quota-title">
      <div class="panel-head"><h2 id="quota-title">Quota</h2></div>
      <div id="quota" class="quota"></div>
    </section>
    <section class="panel" aria-labelledby="scenarios-title">
      <div class="panel-head">
        <h2 id="scenarios-title">Scenarios</h2>
        <button type="button" id="clear-scenarios" class="button small ghost">Remove all</button>
      </div>
      <ul id="scenarios" class="scenarios"></ul>
      <form id="add-scenario" class="add">
        <h3>Force the next responses</h3>
        <div class="fields">
          <label>Status <select name="status" id="scenario-status"></select></label>
          <label>Delay (ms) <input name="delay" type="number" min="0" step="1" placeholder="0"></label>
          <label>Times <input name="times" type="number" min="1" step="1" value="1" required></label>
          <label class="wide">Route <select name="route" id="scenario-route"></select></label>
        </div>
        <p id="scenario-error" class="error" role="alert"></p>
        <button type="submit" class="button primary">Add scenario</button>
      </form>
    </section>
  </aside>
</main>
<dialog id="details" aria-labelledby="details-title">
  <form method="dialog" class="dialog-head">
    <h2 id="details-title">Request</h2>
    <button class="button small ghost" value="close">Close</button>
  </form>
  <pre id="details-body"></pre>
</dialog>
<script src="dashboard.js"></script>
</body>
</html>
`
}

const STYLE = `
:root {
  color-scheme: light;
  --bg: #f5f6f8; --panel: #ffffff; --ink: #1d2330; --muted: #667085; --line: #e4e7ec;
  --accent: #3b5bdb; --accent-ink: #ffffff; --ok: #067647; --ok-bg: #dcfae6;
  --warn: #b54708; --warn-bg: #fef0c7; --bad: #b42318; --bad-bg: #fee4e2;
  --info: #175cd3; --info-bg: #d1e9ff; --forced: #6941c6; --forced-bg: #ebe9fe;
  --focus: #f79009;
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--ink); }
h1, h2, h3 { margin: 0; }
h1 { font-size: 18px; }
h2 { font-size: 15px; }
h3 { font-size: 13px; color: var(--muted); font-weight: 600; margin-bottom: 8px; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
a { color: var(--accent); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; border-radius: 4px; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.top { display: flex; justify-content: space-between; align-items: center; gap: 16px; flex-wrap: wrap;
  padding: 14px 24px; background: var(--panel); border-bottom: 1px solid var(--line); }
.brand { display: flex; align-items: center; gap: 12px; }
.logo { width: 34px; height: 34px; fill: var(--accent); background: #eef2ff; border-radius: 10px; padding: 5px; }
.sub { margin: 0; color: var(--muted); font-size: 12.5px; }
.actions { display: flex; align-items: center; gap: 10px; }
.live { font-size: 12.5px; color: var(--muted); display: inline-flex; align-items: center; gap: 6px; }
.live::before { content: ""; width: 8px; height: 8px; border-radius: 50%; background: #98a2b3; }
.live.on { color: var(--ok); }
.live.on::before { background: #17b26a; box-shadow: 0 0 0 3px #dcfae6; }
.button { display: inline-flex; align-items: center; justify-content: center; gap: 6px; border: 1px solid var(--line);
  background: var(--panel); color: var(--ink); border-radius: 8px; padding: 7px 12px; font: inherit; font-weight: 600;
  cursor: pointer; text-decoration: none; }
.button:hover { background: #f2f4f7; }
.button.primary { background: var(--accent); border-color: var(--accent); color: var(--accent-ink); }
.button.primary:hover { background: #2f4ac0; }
.button.danger { color: var(--bad); border-color: #fda29b; }
.button.danger:hover { background: var(--bad-bg); }
.button.ghost { background: transparent; }
.button.small { padding: 4px 9px; font-size: 12.5px; }
.grid { display: grid; grid-template-columns: minmax(0, 1fr) 360px; gap: 20px; padding: 20px 24px; align-items: start; }
@media (max-width: 1180px) { .grid { grid-template-columns: 1fr; } }
.panel { background: var(--panel); border: 1px solid var(--line); border-radius: 12px; box-shadow: 0 1px 2px rgb(16 24 40 / 5%); }
.side { display: grid; gap: 20px; }
.panel-head { display: flex; justify-content: space-between; align-items: center; gap: 12px; flex-wrap: wrap;
  padding: 12px 16px; border-bottom: 1px solid var(--line); }
.count { color: var(--muted); font-weight: 500; font-size: 13px; }
.filter { display: flex; gap: 10px; flex-wrap: wrap; }
label { display: grid; gap: 3px; font-size: 12px; color: var(--muted); font-weight: 600; }
input, select { font: inherit; color: var(--ink); background: var(--panel); border: 1px solid #d0d5dd; border-radius: 7px; padding: 5px 8px; min-width: 0; }
.filter input[name=path] { width: 190px; }
.table-wrap { max-height: calc(100vh - 190px); overflow: auto; }
table { width: 100%; border-collapse: collapse; }
th { position: sticky; top: 0; background: #f9fafb; text-align: left; font-size: 11.5px; text-transform: uppercase;
  letter-spacing: .04em; color: var(--muted); padding: 8px 12px; border-bottom: 1px solid var(--line); }
td { padding: 7px 12px; border-bottom: 1px solid #f0f1f4; vertical-align: middle; white-space: nowrap; }
tbody tr { cursor: pointer; }
tbody tr:hover { background: #f9fafb; }
tbody tr.fresh { animation: fresh 1.2s ease-out; }
@keyframes fresh { from { background: #eef4ff; } to { background: transparent; } }
.num { text-align: right; font-variant-numeric: tabular-nums; }
td.time { color: var(--muted); font-variant-numeric: tabular-nums; }
.open { all: unset; cursor: pointer; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px;
  max-width: clamp(140px, 22vw, 420px); overflow: hidden; text-overflow: ellipsis; display: inline-block; vertical-align: middle; }
.open:hover { color: var(--accent); text-decoration: underline; }
.open:focus-visible { outline: 3px solid var(--focus); }
.method { font-weight: 700; font-size: 12px; }
.badge { display: inline-block; min-width: 38px; text-align: center; border-radius: 999px; padding: 1px 8px; font-weight: 700; font-size: 12px; }
.s2 { background: var(--ok-bg); color: var(--ok); }
.s3 { background: var(--info-bg); color: var(--info); }
.s4 { background: var(--warn-bg); color: var(--warn); }
.s5 { background: var(--bad-bg); color: var(--bad); }
.tag { display: inline-block; border-radius: 6px; padding: 0 6px; font-size: 11.5px; font-weight: 600; margin-left: 4px;
  background: var(--forced-bg); color: var(--forced); }
.code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; color: var(--muted); white-space: normal; }
.empty { padding: 28px 16px; text-align: center; color: var(--muted); margin: 0; }
.quota { padding: 8px 16px 14px; display: grid; gap: 12px; }
.client { border: 1px solid var(--line); border-radius: 10px; padding: 10px 12px; }
.client-head { display: flex; justify-content: space-between; align-items: baseline; gap: 8px; margin-bottom: 6px; }
.client-name { font-weight: 700; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; overflow-wrap: anywhere; }
.plan { color: var(--muted); font-size: 12px; }
.window { display: grid; grid-template-columns: 52px 1fr 150px; gap: 10px; align-items: center; font-size: 12px; margin-top: 5px; }
.window .num { color: var(--muted); }
.window span:first-child { color: var(--muted); }
.bar { height: 8px; border-radius: 999px; background: #eaecf0; overflow: hidden; }
.bar > span { display: block; height: 100%; border-radius: 999px; background: #17b26a; min-width: 2px; }
.bar.high > span { background: #f79009; }
.bar.full > span { background: #d92d20; }
.ban { margin-top: 8px; background: var(--bad-bg); color: var(--bad); border-radius: 8px; padding: 5px 8px; font-weight: 600; font-size: 12.5px; }
.scenarios { list-style: none; margin: 0; padding: 8px 16px; display: grid; gap: 8px; }
.scenarios li { display: flex; justify-content: space-between; align-items: center; gap: 8px; border: 1px solid var(--line);
  border-radius: 10px; padding: 8px 10px; }
.scenarios .none { color: var(--muted); border-style: dashed; justify-content: center; }
.add { padding: 12px 16px 16px; border-top: 1px solid var(--line); }
.fields { display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 10px; margin-bottom: 10px; }
.fields .wide { grid-column: 1 / -1; }
.error { color: var(--bad); min-height: 1em; margin: 0 0 8px; font-size: 12.5px; }
dialog { border: none; border-radius: 14px; padding: 0; width: min(760px, 92vw); box-shadow: 0 20px 50px rgb(16 24 40 / 30%); }
dialog::backdrop { background: rgb(16 24 40 / 45%); }
.dialog-head { display: flex; justify-content: space-between; align-items: center; padding: 12px 16px; border-bottom: 1px solid var(--line); }
dialog pre { margin: 0; padding: 16px; max-height: 70vh; overflow: auto; background: #0f172a; color: #e2e8f0; border-radius: 0 0 14px 14px; }
`
