import { COVERAGE_SECTION, COVERAGE_STYLE } from './coverage-panel.ts'

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
<style>${STYLE}${COVERAGE_STYLE}</style>
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
        <label>Path
          <input name="path" type="search" placeholder="/v1/pets/{petId}" title="A path, or a route template such as /v1/pets/{petId}" autocomplete="off">
        </label>
        <label>Status
          <input name="status" type="search" placeholder="429 or 4xx" size="9" autocomplete="off">
        </label>
        <label>Violations
          <select name="violations" title="Your request's mistakes (request.*) or the upstream's violations">
            <option value="">all requests</option>
            <option value="any">any (yours too)</option>
            <option value="upstream">upstream's only</option>
          </select>
        </label>
      </form>
    </div>
    <div class="table-wrap" tabindex="0" aria-label="Request log">
      <table>
        <caption class="visually-hidden">Requests the mock answered, newest first</caption>
        <colgroup>
          <col class="c-time"><col class="c-method"><col class="c-path"><col class="c-status">
          <col class="c-code"><col class="c-plan"><col class="c-ms">
        </colgroup>
        <thead><tr>
          <th scope="col" class="c-time">Time</th><th scope="col" class="c-method">Method</th>
          <th scope="col" class="c-path">Path</th><th scope="col" class="c-status">Status</th>
          <th scope="col" class="c-code">Code</th><th scope="col" class="c-plan">Plan</th>
          <th scope="col" class="c-ms num">ms</th>
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
          <label>Respond with <select name="status" id="scenario-status"></select></label>
          <label>Delay (ms) <input name="delay" type="number" min="0" step="1" placeholder="0"></label>
          <label>Times <input name="times" type="number" min="1" step="1" value="1" required></label>
          <label class="wide">Route <select name="route" id="scenario-route"></select></label>
        </div>
        <p id="scenario-error" class="error" role="alert"></p>
        <button type="submit" class="button primary">Add scenario</button>
      </form>
    </section>
  </aside>
  ${COVERAGE_SECTION}
</main>
<dialog id="details" aria-labelledby="details-title">
  <form method="dialog" class="dialog-head">
    <h2 id="details-title">Request</h2>
    <button class="button small ghost" value="close">Close</button>
  </form>
  <div id="details-body" class="exchange"></div>
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
  --upstream: #0e7090; --upstream-bg: #cff9fe; --focus: #f79009;
  --caller: #344054; --caller-bg: #eaecf0; --fallback: #b93815; --fallback-bg: #fdead7;
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--ink); }
h1, h2, h3 { margin: 0; }
h1 { font-size: 18px; }
h2 { font-size: 15px; }
h3 { font-size: 13px; color: var(--muted); font-weight: 600; margin-bottom: 8px; }
code, pre, .mono { font-family: var(--mono); font-size: 12.5px; }
a { color: var(--accent); }
/* A text from outside (a path, a header, a body, a pet's name) never reorders the page's own words. */
bdi, [data-outside] { unicode-bidi: isolate; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; border-radius: 4px; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.top { display: flex; justify-content: space-between; align-items: center; gap: 12px 16px; flex-wrap: wrap;
  padding: 14px 24px; background: var(--panel); border-bottom: 1px solid var(--line); }
.brand { display: flex; align-items: center; gap: 12px; min-width: 0; }
.brand > div { min-width: 0; }
.logo { flex: none; width: 34px; height: 34px; fill: var(--accent); background: #eef2ff; border-radius: 10px; padding: 5px; }
.sub { margin: 0; color: var(--muted); font-size: 12.5px; overflow-wrap: anywhere; }
.actions { display: flex; align-items: center; gap: 10px; flex-wrap: wrap; }
.live { font-size: 12.5px; color: var(--muted); display: inline-flex; align-items: center; gap: 6px; white-space: nowrap; }
.live::before { content: ""; width: 8px; height: 8px; border-radius: 50%; background: #98a2b3; }
.live.on { color: var(--ok); }
.live.on::before { background: #17b26a; box-shadow: 0 0 0 3px #dcfae6; }
.button { display: inline-flex; align-items: center; justify-content: center; gap: 6px; border: 1px solid var(--line);
  background: var(--panel); color: var(--ink); border-radius: 8px; padding: 7px 12px; font: inherit; font-weight: 600;
  cursor: pointer; text-decoration: none; white-space: nowrap; }
.button:hover { background: #f2f4f7; }
.button.primary { background: var(--accent); border-color: var(--accent); color: var(--accent-ink); }
.button.primary:hover { background: #2f4ac0; }
.button.danger { color: var(--bad); border-color: #fda29b; }
.button.danger:hover { background: var(--bad-bg); }
.button.ghost { background: transparent; }
.button.small { padding: 4px 9px; font-size: 12.5px; }
.grid { display: grid; grid-template-columns: minmax(0, 1fr) 360px; gap: 20px; padding: 20px 24px; align-items: start; }
.grid > * { min-width: 0; }
@media (max-width: 1180px) { .grid { grid-template-columns: minmax(0, 1fr); } }
.panel { background: var(--panel); border: 1px solid var(--line); border-radius: 12px; box-shadow: 0 1px 2px rgb(16 24 40 / 5%); min-width: 0; }
.side { display: grid; gap: 20px; grid-template-columns: minmax(0, 1fr); align-items: start; }
@media (max-width: 1180px) and (min-width: 760px) { .side { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); } }
.panel-head { display: flex; justify-content: space-between; align-items: center; gap: 12px; flex-wrap: wrap;
  padding: 12px 16px; border-bottom: 1px solid var(--line); }
.count { color: var(--muted); font-weight: 500; font-size: 13px; }
.filter { display: flex; gap: 10px; flex-wrap: wrap; align-items: end; }
label { display: grid; gap: 3px; font-size: 12px; color: var(--muted); font-weight: 600; }
input, select { font: inherit; color: var(--ink); background: var(--panel); border: 1px solid #d0d5dd; border-radius: 7px; padding: 5px 8px; min-width: 0; }
input[type=checkbox] { width: 16px; height: 16px; margin: 0; accent-color: var(--accent); }
.filter input[name=path] { width: 190px; }
/* The log scrolls inside its panel; its scrollbar is always drawn, so that it shows there is more. */
.table-wrap { max-height: max(320px, calc(100vh - 190px)); overflow-x: hidden; overflow-y: scroll;
  scrollbar-gutter: stable; scrollbar-width: thin; scrollbar-color: #98a2b3 #f2f4f7; border-radius: 0 0 12px 12px; }
.table-wrap::-webkit-scrollbar { width: 10px; }
.table-wrap::-webkit-scrollbar-track { background: #f2f4f7; }
.table-wrap::-webkit-scrollbar-thumb { background: #98a2b3; border-radius: 999px; border: 2px solid #f2f4f7; }
/* Fixed column widths: a filter, or a long path, never moves the columns. */
table { width: 100%; border-collapse: collapse; table-layout: fixed; }
col.c-time { width: 84px; } col.c-method { width: 80px; } col.c-status { width: 100px; }
col.c-code { width: 26%; } col.c-plan { width: 80px; } col.c-ms { width: 56px; }
th { position: sticky; top: 0; z-index: 1; background: #f9fafb; text-align: left; font-size: 11.5px; text-transform: uppercase;
  letter-spacing: .04em; color: var(--muted); padding: 8px 10px; border-bottom: 1px solid var(--line); white-space: nowrap; overflow: hidden; }
td { padding: 7px 10px; border-bottom: 1px solid #f0f1f4; vertical-align: middle; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
tbody tr { cursor: pointer; }
tbody tr:hover { background: #f9fafb; }
tbody tr.violating { box-shadow: inset 3px 0 0 var(--bad); }
tbody tr.mistaken { box-shadow: inset 3px 0 0 #98a2b3; }
tbody tr.fresh { animation: fresh 1.2s ease-out; }
@keyframes fresh { from { background: #eef4ff; } to { background: transparent; } }
/* Narrower: the plan (and then the code and the duration) show in the opened row only. */
@media (max-width: 1180px) {
  .c-plan { display: none; }
  col.c-code { width: 30%; }
}
@media (max-width: 760px) {
  .c-code, .c-ms { display: none; }
  .path .tag.narrow-only { display: inline-block; }
}
@media (max-width: 520px) {
  .c-time { display: none; }
  col.c-method { width: 72px; } col.c-status { width: 96px; }
  td, th { padding-left: 8px; padding-right: 8px; }
  .top { padding: 12px 14px; }
  .grid { padding: 14px 12px; gap: 14px; }
  .filter input[name=path] { width: 150px; }
}
.num { text-align: right; font-variant-numeric: tabular-nums; }
td.time { color: var(--muted); font-variant-numeric: tabular-nums; }
.open { all: unset; cursor: pointer; font-family: var(--mono); font-size: 12.5px; display: block; max-width: 100%;
  overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.path { display: flex; gap: 6px; align-items: center; min-width: 0; }
.path .open { min-width: 5em; }
.path .narrow-only { display: none; }
.open:hover { color: var(--accent); text-decoration: underline; }
.open:focus-visible { outline: 3px solid var(--focus); }
.method { font-weight: 700; font-size: 12px; }
.badge { display: inline-block; min-width: 36px; text-align: center; border-radius: 999px; padding: 1px 7px; font-weight: 700; font-size: 12px; white-space: nowrap; }
.s1, .s2 { background: var(--ok-bg); color: var(--ok); }
.s3 { background: var(--info-bg); color: var(--info); }
.s4 { background: var(--warn-bg); color: var(--warn); }
.s5 { background: var(--bad-bg); color: var(--bad); }
.mark { display: inline-block; margin-left: 4px; border-radius: 999px; padding: 0 6px; font-size: 11.5px; font-weight: 700;
  background: var(--bad); color: #fff; white-space: nowrap; vertical-align: 1px; }
.mark.advisory { background: var(--warn-bg); color: var(--warn); }
/* Where the code and its tags do not fit on one line, the tags go below the code, not over it. */
.tags { display: flex; flex-wrap: wrap; gap: 2px 4px; align-items: center; overflow: hidden; }
.tag { flex: none; display: inline-block; border-radius: 6px; padding: 0 6px; font-size: 11.5px; font-weight: 600;
  background: var(--forced-bg); color: var(--forced); white-space: nowrap; }
.tag.upstream { background: var(--upstream-bg); color: var(--upstream); }
.tag.fallback { background: var(--fallback-bg); color: var(--fallback); }
.tag.caller { background: var(--caller-bg); color: var(--caller); }
.code-text { font-family: var(--mono); font-size: 12px; color: var(--muted); overflow: hidden; text-overflow: ellipsis; min-width: 0; }
.empty { padding: 28px 16px; text-align: center; color: var(--muted); margin: 0; overflow-wrap: anywhere; }
.quota { padding: 8px 16px 14px; display: grid; gap: 12px; }
.client { border: 1px solid var(--line); border-radius: 10px; padding: 10px 12px; min-width: 0; }
.client-head { display: flex; justify-content: space-between; align-items: baseline; gap: 8px; margin-bottom: 6px; }
.client-name { font-weight: 700; font-family: var(--mono); font-size: 12.5px; overflow-wrap: anywhere; min-width: 0; }
.plan { color: var(--muted); font-size: 12px; white-space: nowrap; }
.window { display: grid; grid-template-columns: 52px minmax(40px, 1fr) auto; gap: 10px; align-items: center; font-size: 12px; margin-top: 5px; }
.window .num { color: var(--muted); white-space: nowrap; }
.window span:first-child { color: var(--muted); }
.bar { height: 8px; border-radius: 999px; background: #eaecf0; overflow: hidden; }
.bar > span { display: block; height: 100%; border-radius: 999px; background: #17b26a; min-width: 2px; }
.bar.high > span { background: #f79009; }
.bar.full > span { background: #d92d20; }
.ban { margin-top: 8px; background: var(--bad-bg); color: var(--bad); border-radius: 8px; padding: 5px 8px; font-weight: 600; font-size: 12.5px; }
.scenarios { list-style: none; margin: 0; padding: 8px 16px; display: grid; gap: 8px; }
.scenarios li { display: flex; justify-content: space-between; align-items: center; gap: 8px; border: 1px solid var(--line);
  border-radius: 10px; padding: 8px 10px; }
.scenarios li > .mono { min-width: 0; overflow-wrap: anywhere; }
.scenarios .none { color: var(--muted); border-style: dashed; justify-content: center; }
.add { padding: 12px 16px 16px; border-top: 1px solid var(--line); }
.fields { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 10px; margin-bottom: 10px; }
.fields .wide { grid-column: 1 / -1; }
.error { color: var(--bad); min-height: 1em; margin: 0 0 8px; font-size: 12.5px; }
dialog { border: none; border-radius: 14px; padding: 0; width: min(860px, calc(100vw - 24px)); max-width: none;
  max-height: calc(100vh - 24px); box-shadow: 0 20px 50px rgb(16 24 40 / 30%); overflow: hidden; }
dialog[open] { display: flex; flex-direction: column; }
dialog::backdrop { background: rgb(16 24 40 / 45%); }
.dialog-head { display: flex; justify-content: space-between; align-items: center; gap: 12px; padding: 12px 16px; border-bottom: 1px solid var(--line); }
.dialog-head h2 { font-family: var(--mono); font-size: 13.5px; overflow-wrap: anywhere; min-width: 0; }
.exchange { overflow: auto; padding: 4px 16px 16px; }
.exchange section { margin-top: 14px; }
.exchange h3 { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 8px; color: var(--ink); font-size: 13.5px; }
.exchange .line { margin: 0 0 6px; font-family: var(--mono); font-size: 12.5px; overflow-wrap: anywhere; }
.exchange .note { margin: 4px 0 0; color: var(--muted); font-size: 12.5px; }
.headers { display: grid; grid-template-columns: minmax(90px, max-content) minmax(0, 1fr); gap: 2px 12px; margin: 0 0 8px;
  font-family: var(--mono); font-size: 12px; }
.headers dt { color: var(--muted); overflow-wrap: anywhere; }
.headers dd { margin: 0; overflow-wrap: anywhere; }
.exchange pre { margin: 0; padding: 10px 12px; max-height: 40vh; overflow: auto; background: #0f172a; color: #e2e8f0;
  border-radius: 8px; white-space: pre-wrap; overflow-wrap: anywhere; }
.violations { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
.violations li { border: 1px solid #fda29b; background: #fffbfa; border-left: 4px solid var(--bad); border-radius: 8px; padding: 8px 10px; }
.violations li.advisory { border-color: #fedf89; border-left-color: var(--warn); background: #fffcf5; }
.violations .check { font-family: var(--mono); font-weight: 700; font-size: 12.5px; overflow-wrap: anywhere; }
.violations .level { font-size: 11.5px; font-weight: 700; text-transform: uppercase; letter-spacing: .04em; color: var(--bad); margin-left: 6px; }
.violations li.advisory .level { color: var(--warn); }
.violations li.request { border-color: #d0d5dd; border-left-color: #98a2b3; background: #f9fafb; }
.violations li.request .level { color: var(--caller); }
.violations .section { color: var(--muted); font-size: 12px; margin-left: 6px; white-space: nowrap; }
.violations p { margin: 4px 0 0; overflow-wrap: anywhere; }
details.raw { margin-top: 14px; }
details.raw summary { cursor: pointer; color: var(--muted); font-weight: 600; font-size: 12.5px; }
details.raw pre { margin-top: 8px; }
`
