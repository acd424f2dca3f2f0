// Public API of the auth feature: the sign-in page (mounted by the router at /auth/login and '').
export {
  default as LoginPage,
  type LoginPageProps,
  type SignIn,
  type SignInResult,
} from './login-page.tsx';
export { default } from './login-page.tsx';
