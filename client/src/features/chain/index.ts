export { useTipHeight } from './api/get-tip-height';
