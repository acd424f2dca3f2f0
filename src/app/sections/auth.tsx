// The authentication section (decision 0014): the sign-in page, loaded on demand, and the
// invitation page and «¿Eres …?» of decisions 0210 and 0211 in the same chunk.
export { default } from '../../features/auth/index.ts';
export { default as InvitationPage } from '../../features/auth/invitation-page.tsx';
export { default as WhoPage } from '../../features/auth/who-page.tsx';
