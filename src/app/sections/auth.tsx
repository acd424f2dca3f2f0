// The authentication section (SPEC.md §2): the sign-in page, loaded on demand.
export { default } from '../../features/auth/index.ts';
