export { CLOCK_RATE_MARGIN, type HeldState, type StateReport, heldStateOf } from './report.ts'
export { CheckerStates, type CheckerStatesOptions } from './checker-states.ts'
export { type DescribedState, MAX_FRESH_FOR_MS, ReplicaAnswerState } from './replica-state.ts'
