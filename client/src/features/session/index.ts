export { useLoginMutation } from './api/login';
export { useSession } from './session-provider';
export { userQueryOptions } from './api/get-user';
