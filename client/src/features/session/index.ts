export { useLoginMutation } from './api/login';
export { useSession } from './session-provider';
