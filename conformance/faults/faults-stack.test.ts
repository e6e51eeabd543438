import { faultGroups } from '../test-utils/fault-cases.ts'
import { FAULT_TABLE } from '../test-utils/fault-table.ts'

faultGroups(FAULT_TABLE.stack)
