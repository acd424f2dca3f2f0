// «Verificar en portería» (decision 0243): the guard reads a certificate's QR with the phone's
// camera (or a photo of it) and sees «Válida», «Vencida» or «Firma no válida», checked on the
// phone against the company's public keys (src/domain/gate/verify.ts), also without signal.
// Opened at a company's address (record 0288) it is that company's gate: «Portería — <empresa>»,
// that company's keys, and another company's certificate reads «No válida para esta empresa».
// With signal it also asks the server whether the certificate is still registered.
import { useEffect, useId, useRef, useState } from 'react';
import { esGate as T } from '../../strings/es-gate.ts';
import { colombiaDay } from '../../domain/gate/statement.ts';
import {
  ed25519Available,
  verifyGateQr,
  type GateKeys,
  type GateVerdict,
} from '../../domain/gate/verify.ts';
import { spanishDay } from '../../domain/gate/standing.ts';
import { decodeImageFile, scanCamera } from './qr-reader.ts';
import { loadGateKeys, onlineState, type GateKeyring, type OnlineState } from './gate-keys.ts';
import { gateOutcome } from './gate-outcome.ts';
import '../../ui/centred-card.css';
import './gate-page.css';

type Phase =
  | { kind: 'idle' }
  | { kind: 'scanning' }
  | { kind: 'checking' }
  | { kind: 'result'; verdict: GateVerdict; online: OnlineState };

export interface GatePageProps {
  /** The API's base path ('/api/v1'), where `gate-keys` is asked. */
  apiBase: string;
  /**
   * The slug of the company whose address the page was opened at (record 0288): its keys only,
   * and its name in the title. Null: company 1's keys, the title as before.
   */
  company?: string | null;
}

export default function GatePage({ apiBase, company = null }: GatePageProps) {
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const scan = useRef<AbortController | null>(null);
  const [ring, setRing] = useState<GateKeyring | null | 'loading'>('loading');
  const keys: GateKeys | null | 'loading' = ring === 'loading' || ring === null ? ring : ring.keys;
  const companyName = ring && ring !== 'loading' ? ring.company : null;
  const [canVerify, setCanVerify] = useState<boolean | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    headingRef.current?.focus();
    void loadGateKeys(apiBase, company).then(setRing);
    void ed25519Available().then(setCanVerify);
    return () => scan.current?.abort();
  }, [apiBase, company]);

  useEffect(() => {
    if (phase.kind === 'result') resultRef.current?.focus();
  }, [phase]);

  const check = async (text: string | null, notFound: string | null) => {
    if (!text) {
      setPhase({ kind: 'idle' });
      if (notFound) setProblem(notFound);
      return;
    }
    setPhase({ kind: 'checking' });
    // Whatever a QR holds, the guard gets a verdict, never «Comprobando…» for good (record 0267).
    const verdict = await verifyGateQr(
      text,
      keys === 'loading' || keys === null ? {} : keys,
      colombiaDay(new Date()),
    ).catch((): GateVerdict => ({ status: 'invalid', url: null }));
    const online =
      verdict.status === 'valid' || verdict.status === 'expired'
        ? await onlineState(verdict.statement.code)
        : ({ kind: 'unknown' } as const);
    setPhase({ kind: 'result', verdict, online });
  };

  const openCamera = () => {
    setProblem(null);
    const controller = new AbortController();
    scan.current = controller;
    setPhase({ kind: 'scanning' });
    // The video element renders with the scanning phase; start on the next frame.
    requestAnimationFrame(() => {
      const video = videoRef.current;
      if (!video) return;
      scanCamera(video, controller.signal).then(
        (text) => (controller.signal.aborted ? undefined : check(text, null)),
        () => {
          setPhase({ kind: 'idle' });
          setProblem(T.cameraDenied);
        },
      );
    });
  };

  const stopCamera = () => {
    scan.current?.abort();
    setPhase({ kind: 'idle' });
  };

  const chooseImage = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    setPhase({ kind: 'checking' });
    const text = await decodeImageFile(file).catch(() => null);
    if (fileRef.current) fileRef.current.value = '';
    await check(text, T.noQrInImage);
  };

  const keyCount = keys && keys !== 'loading' ? Object.keys(keys).length : 0;
  const ready = keys !== 'loading';
  return (
    <main className="gate-page centred-page">
      <section className="gate-card centred-card" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`} className="gate-title" tabIndex={-1} ref={headingRef}>
          {companyName ? T.companyTitle(companyName) : T.title}
        </h1>
        {phase.kind === 'result' ? (
          <Result
            verdict={phase.verdict}
            online={phase.online}
            company={companyName}
            focusRef={resultRef}
          />
        ) : (
          <p>{T.intro}</p>
        )}
        {phase.kind === 'scanning' ? (
          <div className="gate-camera">
            <video ref={videoRef} aria-label={T.scanning} />
            <p role="status">{T.scanning}</p>
          </div>
        ) : null}
        {phase.kind === 'checking' ? <p role="status">{T.checking}</p> : null}
        {problem ? (
          <p className="gate-problem" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="gate-actions">
          {phase.kind === 'scanning' ? (
            <button type="button" className="gate-primary" onClick={stopCamera}>
              {T.stopCamera}
            </button>
          ) : (
            <button
              type="button"
              className="gate-primary"
              onClick={openCamera}
              disabled={!ready || phase.kind === 'checking'}
            >
              {phase.kind === 'result' ? T.again : T.openCamera}
            </button>
          )}
          <label className="gate-secondary">
            {T.chooseImage}
            <input
              ref={fileRef}
              type="file"
              accept="image/*"
              disabled={!ready || phase.kind === 'checking'}
              onChange={(e) => void chooseImage(e.target.files?.[0])}
            />
          </label>
        </div>
        <p className="gate-keys" role="status">
          {keys === 'loading' ? '' : keyCount ? T.keysReady(keyCount) : T.keysMissing}
          {canVerify === false ? ` ${T.noEd25519}` : ''}
        </p>
      </section>
    </main>
  );
}

function Result({
  verdict,
  online,
  company,
  focusRef,
}: {
  verdict: GateVerdict;
  online: OnlineState;
  company: string | null;
  focusRef: React.RefObject<HTMLDivElement | null>;
}) {
  const { tone, heading, text } = gateOutcome(verdict, online, navigator.onLine === false, company);
  const s = 'statement' in verdict ? verdict.statement : null;
  const signed = verdict.status === 'valid' || verdict.status === 'expired';
  return (
    <div
      className={`gate-result gate-${tone}`}
      data-verdict={verdict.status}
      data-online={online.kind}
      tabIndex={-1}
      ref={focusRef}
      role="status"
    >
      <p className="gate-verdict">
        <span aria-hidden="true">{tone === 'ok' ? '✓' : tone === 'bad' ? '✕' : '!'}</span>{' '}
        {/* «Válida» large; what follows the dash («sin señal…») at reading size. */}
        {heading.split(' — ')[0]}
        {heading.includes(' — ') ? (
          <span className="gate-verdict-note"> — {heading.split(' — ').slice(1).join(' — ')}</span>
        ) : null}
      </p>
      {text ? <p>{text}</p> : null}
      {s && signed ? (
        <>
          <dl className="gate-facts">
            <div>
              <dt>{T.fields.name}</dt>
              <dd>{s.name}</dd>
            </div>
            <div>
              <dt>{T.fields.document}</dt>
              <dd>{s.document}</dd>
            </div>
            <div>
              <dt>{T.fields.obra}</dt>
              <dd>{s.obra}</dd>
            </div>
            <div>
              <dt>{T.fields.completed}</dt>
              <dd>{spanishDay(s.completedOn)}</dd>
            </div>
            <div>
              <dt>{T.fields.due}</dt>
              <dd>{spanishDay(s.dueOn)}</dd>
            </div>
            <div>
              <dt>{T.fields.code}</dt>
              <dd className="gate-code">{s.code}</dd>
            </div>
          </dl>
          {/* Only a certificate that stands is compared with the ID card (decision 0243). */}
          {tone === 'ok' ? <p className="gate-hint">{T.compare}</p> : null}
        </>
      ) : null}
      {!signed && 'url' in verdict && verdict.url ? (
        <p>
          <a href={verdict.url} rel="noopener">
            {T.openOnline}
          </a>
        </p>
      ) : null}
    </div>
  );
}
