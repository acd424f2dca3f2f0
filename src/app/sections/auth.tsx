// The authentication section (decision 0014): the sign-in page, loaded on demand.
export { default } from '../../features/auth/index.ts';
