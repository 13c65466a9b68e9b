export { disputesCsv } from './disputes-csv.js';
export { answerDispute, disputeCounts, listDisputesForOperator, listOwnDisputes, type OperatorResult, reopenDispute, resolveDispute, showDispute } from './disputes.service.js';
export { default as disputesRoutes } from './disputes.routes.js';
