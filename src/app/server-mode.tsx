// `server` mode (web build, decision 0001): sign-in, the token guard (signed in = a token is
// stored, decision 0026), progress through our API, certificates issued by the server, logout.
import {
  createElement,
  lazy,
  Suspense,
  useEffect,
  useReducer,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { version as bundledNoticeVersion } from 'virtual:data-notice-version';
import { Navigate, useLocation, useNavigate } from '../ui/router.tsx';
import { contentVersion, outline } from 'virtual:course';
import { courseShape } from '../domain/content/outline.ts';
import {
  configureHttp,
  createHttpTracking,
  DEFAULT_API_BASE,
  downloadCertificate,
  hasToken,
  needsDataNotice,
  notMe,
  redeemInvitation,
  sharedPhoneLearner,
  signInReason,
  unsentProgressOnDevice,
  signOut,
  logout,
  type CourseUser,
  type HttpTracking,
} from '../tracking/http/index.ts';
import { es, esOffline } from '../strings/es.ts';
import { modals } from '../features/modals/index.ts';
import type { CourseController } from '../course/course-controller.ts';
import { useCourse } from '../course/course-context.tsx';
import { rememberObraValues } from '../course/obra-fill.ts';
import * as learnerCompany from './learner-company.ts';
import { resumePath, type RouteOptions } from './routes.tsx';
import { signInWith } from './sign-in.ts';
import { addressedCompany } from './company-address.ts';
import { httpTexts, loginMessage, signInNoticeText } from './http-texts.ts';
import { sharedClient } from '../tracking/http/auth.ts';
import { acceptDataNotice } from '../tracking/http/data-notice.ts';
import {
  acceptNotice,
  AllowContent,
  contentHeld,
  staticAcceptPending,
  takeStaticAccept,
} from './accept-in-flight.tsx';
import { INVITATION, INVITATION_TOKEN } from './first-screen/shared.ts';
import {
  tappedInFirstScreen,
  typedInFirstScreen,
  type TakenOver,
} from './first-screen/take-over.ts';
import type { InvitationPageProps } from '../features/auth/invitation-page.tsx';
import type { WhoPageProps } from '../features/auth/who-page.tsx';

/**
 * A lazy screen that can be loaded before the app first renders: once loaded it renders at once,
 * with no Suspense fallback replacing the static first screen (decision 0234).
 */
function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | null = null;
  const remember = () =>
    load().then((m) => {
      loaded = m.default;
      return m;
    });
  const Lazy = lazy(remember);
  const Screen = (props: P) => createElement(loaded ?? Lazy, props);
  return Object.assign(Screen, { preload: () => remember().then(() => undefined) });
}

const LoginPage = preloadable(() => import('./sections/auth.tsx'));
const InvitationPage = preloadable<InvitationPageProps>(() =>
  import('./sections/auth.tsx').then((m) => ({ default: m.InvitationPage })),
);
const WhoPage = preloadable<WhoPageProps>(() =>
  import('./sections/auth.tsx').then((m) => ({ default: m.WhoPage })),
);
const DataNotice = /* @__PURE__ */ preloadable(() => import('./sections/data-notice.tsx'));
/** «Verificar en portería» (decision 0243): open to anyone, signed in or not. */
export const GATE_PATH = '/porteria';
const GatePage = lazy(() => import('./sections/gate.tsx'));
const signIn = signInWith();

/** The notice version the learner accepts: their company's (record 0291), else the build's. */
const noticeVersion = () => learnerCompany.noticeVersionNow(bundledNoticeVersion);
const needsNotice = () => needsDataNotice(undefined, noticeVersion());

export function createServerTracking(onUser: (user: CourseUser) => void): HttpTracking {
  // A refused session (401/403) leaves the page through a full load: nothing of the old session
  // survives in memory; its pending progress stays stored for the same learner (record 0101).
  configureHttp({ navigate: (path) => window.location.assign(path), texts: httpTexts });
  const tracking = createHttpTracking({
    shape: courseShape(outline),
    onUser,
    contentVersion,
    optionLabel: es.quiz.optionNumber,
    // A coordinator started a new induction cycle (reinducción) while this page was open: the
    // old cycle's queue is already dropped; a full load starts the course afresh from the new
    // cycle, with nothing of the old one left in memory (record 0126).
    onCycleChange: () => window.location.assign('/'),
  });
  return learnerCompany.startingWithCompany(tracking);
}

/** The learner as the course sees it, from the user the server returns. */
export const learnerOf = (user: CourseUser) => {
  rememberObraValues(user.obra, user.obra_values);
  void learnerCompany.adoptLearnerCompany(user, { api: sharedClient() });
  return learnerFields(user);
};

const learnerFields = (user: CourseUser) => ({
  id: String(user.id),
  name: user.name,
  document: user.document ?? null,
  urlCertificate: user.url_certificate,
  obra: user.obra ?? null,
  acceptanceStatement: user.acceptanceStatement ?? null,
});

function SignIn({ controller }: { controller: CourseController }) {
  const navigate = useNavigate();
  const [typed] = useState(typedInFirstScreen);
  return (
    <Suspense fallback={<p className="loading">{es.loadingPage}</p>}>
      <LoginPage
        signIn={signIn}
        notice={signInNoticeText(signInReason(), unsentProgressOnDevice())}
        courseTitle={controller.outline.title}
        initial={{ identifier: typed.document, password: typed.password }}
        sendOnMount={tappedInFirstScreen}
        onSignedIn={() => {
          void controller.start().then(() => navigate(resumePath(controller), { replace: true }));
        }}
      />
    </Suspense>
  );
}

/** This tab already answered «¿Eres …?» (or signed in itself): asked once per launch (0211). */
const CONFIRMED = 'curso-sst:confirmed';
const confirmedHere = () => {
  try {
    return window.sessionStorage.getItem(CONFIRMED) === '1';
  } catch {
    return false;
  }
};
const confirmHere = () => {
  try {
    window.sessionStorage.setItem(CONFIRMED, '1');
  } catch {
    // Private mode: the question comes back on the next page load, nothing worse.
  }
};

/**
 * The link's token from the address ('/entrar#<token>'), taken out of it at once, so it is not
 * left in the history, a screenshot or a shared address; kept for this tab until used. Any other
 * fragment ('/entrar#codigo', where «Tengo un código» leads) forgets a kept token: the learner
 * chose the code, and a refused link must not come back in its place.
 */
function takeInvitationToken(): string | null {
  const fromHash = window.location.hash.replace(/^#/, '');
  let token: string | null = INVITATION_TOKEN.test(fromHash) ? fromHash : null;
  try {
    if (token) window.sessionStorage.setItem(INVITATION, token);
    else if (fromHash) window.sessionStorage.removeItem(INVITATION);
    else token = window.sessionStorage.getItem(INVITATION);
  } catch {
    // Private mode: the token lives in memory only.
  }
  if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
  return token;
}

function Invitation({ controller }: { controller: CourseController }) {
  const navigate = useNavigate();
  const [token, setToken] = useState(takeInvitationToken);
  const [typed] = useState(typedInFirstScreen);
  // Another link opened in this same tab (the new one the coordinator sent after a refusal) only
  // changes the address's fragment: the page is not reloaded, so its token is taken here, and the
  // form starts again for it (key) instead of redeeming the old token with a stale message.
  useEffect(() => {
    const onHash = () => {
      if (window.location.hash) setToken(takeInvitationToken());
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  return (
    <Suspense fallback={<p className="loading">{es.loadingPage}</p>}>
      <InvitationPage
        key={token ?? ''}
        token={token}
        notice={signInNoticeText(null, unsentProgressOnDevice())}
        courseTitle={controller.outline.title}
        initial={{ document: typed.document, code: typed.code }}
        sendOnMount={tappedInFirstScreen}
        redeem={async (proof) => {
          try {
            // A code typed with a document is checked in the address's company (record 0288);
            // a link finds its own.
            const empresa = 'code' in proof ? addressedCompany() : null;
            await redeemInvitation(empresa ? { ...proof, empresa } : proof);
            confirmHere();
            try {
              window.sessionStorage.removeItem(INVITATION);
            } catch {
              // Nothing kept.
            }
            return { ok: true };
          } catch (error) {
            return { ok: false, message: loginMessage(error, true) };
          }
        }}
        onSignedIn={() => {
          void controller.start().then(() => navigate(resumePath(controller), { replace: true }));
        }}
      />
    </Suspense>
  );
}

/**
 * The app takes over the static first screen (decision 0234): a session it opened is stored, a
 * tap on its data notice carried out, and the screen the app shows first is loaded before the
 * app renders, so nothing replaces the static screen with a loading text.
 */
export async function afterFirstScreen(taken: TakenOver): Promise<void> {
  if (taken.user && taken.kind === 'invitacion') {
    // The learner has just proved who they are on this phone: no «¿Eres …?» now (0211).
    confirmHere();
    try {
      window.sessionStorage.removeItem(INVITATION);
    } catch {
      // Nothing kept.
    }
  }
  // Signed in by the static form: the app starts at the course, not on the form's own route,
  // which would show its (code) form again to a learner who is in (decision 0251).
  if (taken.user && /^\/(entrar|auth\/login)\/?$/.test(window.location.pathname))
    window.history.replaceState(null, '', '/');
  if (taken.choice === 'leave') {
    await logoutHere();
    return;
  }
  // «Acepto» tapped on the static notice and still on its way (record 0280): the app does not
  // wait for it; its own notice shows busy and opens the course from that answer.
  takeStaticAccept(taken.accepting);
  // The static screen records «Acepto» itself (record 0275); when it could not, the app tries
  // once more, with code already here (no chunk to fetch after the tap).
  if (taken.choice === 'accept' && !taken.accepting && needsNotice()) {
    // Not recorded (offline): the app's notice is shown and asks again.
    await acceptDataNotice(noticeVersion()).catch(() => undefined);
  }
  const first = !hasToken()
    ? window.location.pathname.startsWith('/entrar')
      ? InvitationPage
      : LoginPage
    : sharedPhoneLearner() && !confirmedHere()
      ? WhoPage
      : needsNotice()
        ? DataNotice
        : null;
  await first?.preload().catch(() => undefined);
}

const logoutHere = () => logout().catch(() => sharedClient().forceLogout());

/**
 * Signed in = a token is stored. Signed out, '/' shows the sign-in; other paths go to it.
 * Signed in without having accepted the habeas-data notice: the notice, before anything of the
 * course (record 0127).
 */
function Guard({ children, controller }: { children: ReactNode; controller: CourseController }) {
  const location = useLocation();
  // Re-read on every change of the course state (`me` at launch stores the user) and once the
  // notice is accepted.
  useCourse();
  const [, accepted] = useReducer((n: number) => n + 1, 0);
  const sharedName = sharedPhoneLearner();
  if (sharedName && !confirmedHere())
    return (
      <Suspense fallback={<p className="loading">{es.loadingPage}</p>}>
        <WhoPage
          name={sharedName.split(/\s+/)[0] ?? sharedName}
          courseTitle={controller.outline.title}
          onYes={() => {
            confirmHere();
            accepted();
          }}
          onNotMe={() => notMeOnThisPhone(controller)}
        />
      </Suspense>
    );
  // The learner's company is on its way: its notice is the one to show (record 0291).
  if (hasToken() && learnerCompany.companyPending())
    return <p className="loading">{es.loadingPage}</p>;
  if (hasToken() && needsNotice()) {
    return (
      <Suspense fallback={<p className="loading">{es.loadingPage}</p>}>
        <DataNotice
          courseTitle={controller.outline.title}
          accept={acceptNotice}
          acceptOnMount={staticAcceptPending()}
          onAccepted={accepted}
        />
        {contentHeld() ? null : <AllowContent />}
      </Suspense>
    );
  }
  // On '/' the course is still choosing its first screen (ResumeRedirect): the content waits
  // for that screen, committed with it, and its paint.
  if (hasToken())
    return (
      <>
        {children}
        {location.pathname === '/' ? null : <AllowContent />}
      </>
    );
  if (location.pathname === '/') return <SignIn controller={controller} />;
  return <Navigate to="/auth/login" replace />;
}

export function serverRouteOptions(controller: CourseController): Partial<RouteOptions> {
  return {
    guard: (node) => <Guard controller={controller}>{node}</Guard>,
    extra: [
      { path: '/auth/login', element: <SignIn controller={controller} /> },
      { path: '/entrar', element: <Invitation controller={controller} /> },
      {
        path: GATE_PATH,
        element: (
          <Suspense fallback={<p className="loading">{es.loadingPage}</p>}>
            <GatePage apiBase={DEFAULT_API_BASE} company={addressedCompany()} />
          </Suspense>
        ),
      },
    ],
    onLogout: () => void signOutOrExplain(controller),
    offlineNotice: esOffline.pending,
  };
}

/**
 * 'Cerrar sesión' on a shared device (decision record 0141): pending progress is sent first; if
 * it cannot be, the learner stays signed in and is told why, in plain words.
 */
export async function signOutOrExplain(controller: CourseController): Promise<void> {
  const tracking = controller.tracking as Partial<HttpTracking>;
  const result = await signOut({
    sync: tracking.sync ? () => tracking.sync!() : undefined,
  }).catch(() => 'pending' as const);
  if (result === 'pending') modals.openMessage(esOffline.signOutPending, 'alert');
}

/** «No soy yo» (decision 0211): the learner's unsent progress stays on this phone for them. */
export async function notMeOnThisPhone(controller: CourseController): Promise<void> {
  const tracking = controller.tracking as Partial<HttpTracking>;
  await notMe({ sync: tracking.sync ? () => tracking.sync!() : undefined });
}

/**
 * Asks the server for the certificate (issued once, decision 0020) and opens it. Every click asks
 * again: the address is a short-lived link bound to this session (decision 0230), so an address
 * kept from earlier may no longer open.
 */
export async function issueOnServer(controller: CourseController): Promise<void> {
  // Open the tab now, while the click still counts as a user gesture (popup blockers).
  const tab = window.open('', '_blank');
  let result: Awaited<ReturnType<typeof downloadCertificate>>;
  try {
    result = await downloadCertificate();
  } catch (error) {
    // Network failure or an error status: do not leave the learner an empty tab.
    tab?.close();
    throw error;
  }
  if (result.url_file) {
    if (tab) tab.location.href = result.url_file;
    else window.open(result.url_file, '_blank', 'noopener');
    controller.setLearner({ ...controller.getState().learner, urlCertificate: result.url_file });
  } else {
    tab?.close();
    if (result.message) modals.openMessage(`<p>${escapeHtml(result.message)}</p>`, 'alert');
  }
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
