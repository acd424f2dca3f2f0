// The certificate as a screen (decision record 0131): the same design as the PDF
// (src/domain/certificate/generate-certificate.ts) in HTML and CSS, readable on a phone,
// printable (a print stylesheet gives one A4 landscape page). In LMS mode it is offered beside
// DESCARGAR and replaces it wherever a download cannot reach the learner (download-support.ts).
// Loaded on demand: the app imports it lazily (src/app/certificate-flow.tsx).
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import {
  CERTIFICATE_WORDING,
  dateLine,
  formatHours,
  formatSpanishDate,
} from '../../domain/certificate/text.ts';
import type { CertificateData } from '../../domain/certificate/types.ts';
import { es } from '../../strings/es.ts';
import { AcceptanceOffer } from '../acceptance/index.ts';
import { Dialog } from '../../ui/dialog.tsx';
import './certificate-view.css';

/** Printed on certificates of the demonstration configuration (as on the PDF). */
const SAMPLE_MARK = 'EJEMPLO — SIN VALIDEZ';

export interface CertificateViewProps {
  data: CertificateData;
  onClose(): void;
  /** Where a download can work: DESCARGAR beside IMPRIMIR (the PDF). */
  onDownload?: () => void;
  /** While the PDF is being made. */
  busy?: boolean;
}

export default function CertificateView({ data, onClose, onDownload, busy }: CertificateViewProps) {
  // While open, printing prints the certificate alone (certificate-view.css).
  useEffect(() => {
    const root = document.documentElement;
    root.classList.add('cert-view-open');
    return () => root.classList.remove('cert-view-open');
  }, []);
  const t = es.certificateView;
  return createPortal(
    <Dialog open labelledBy="cert-view-title" className="cert-screen">
      <div className="cert-screen__bar">
        <div className="cert-screen__intro">
          <h2 id="cert-view-title">{t.title}</h2>
          <p>{t.hint}</p>
          {/* Until «Acepto» (record 0262); the certificate is shown either way. */}
          <AcceptanceOffer className="cert-screen__acceptance" />
        </div>
        <div className="cert-screen__actions">
          {onDownload && (
            <button
              type="button"
              className="btn"
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={onDownload}
            >
              {es.download}
            </button>
          )}
          <button type="button" className="btn" onClick={() => window.print()}>
            {t.print}
          </button>
          <button type="button" className="btn btn-primary" data-autofocus onClick={onClose}>
            {t.close}
          </button>
        </div>
      </div>
      <div className="cert-screen__page">
        <div className="cert-screen__fit">
          <CertificateSheet data={data} />
        </div>
      </div>
    </Dialog>,
    document.body,
  );
}

export function CertificateSheet({ data }: { data: CertificateData }) {
  const name = data.learnerName.replace(/\s+/g, ' ').trim();
  const company = data.companyName.trim();
  const header = company
    ? data.companyNit
      ? `${company.toUpperCase()} · NIT ${data.companyNit}`
      : company.toUpperCase()
    : null;
  return (
    <article className="cert-sheet" aria-label={`${es.certificateView.sheetLabel} ${name}`}>
      <span className="cert-sheet__frame" aria-hidden="true" />
      {(['tl', 'tr', 'bl', 'br'] as const).map((corner) => (
        <span key={corner} className={`cert-sheet__corner cert-sheet__corner--${corner}`} />
      ))}
      <div className="cert-sheet__body">
        <div className="cert-sheet__head">
          {data.sample && <p className="cert-sheet__sample">{SAMPLE_MARK}</p>}
          {data.logo ? (
            <svg
              className="cert-sheet__logo"
              viewBox={`${data.logo.viewBox.minX} ${data.logo.viewBox.minY} ${data.logo.viewBox.width} ${data.logo.viewBox.height}`}
              role="img"
              aria-label={company}
            >
              {data.logo.paths.map((path, i) => (
                <path
                  key={i}
                  d={path.d}
                  fill={`rgb(${path.color.r * 255} ${path.color.g * 255} ${path.color.b * 255})`}
                  {...(path.opacity !== undefined ? { fillOpacity: path.opacity } : {})}
                />
              ))}
            </svg>
          ) : (
            <span className="cert-sheet__emblem" aria-hidden="true">
              SST
            </span>
          )}
          {header && <p className="cert-sheet__company">{header}</p>}
          <h3 className="cert-sheet__title">{CERTIFICATE_WORDING.title}</h3>
          <span className="cert-sheet__rule" aria-hidden="true" />
        </div>
        <div className="cert-sheet__text">
          <p className="cert-sheet__certifies">{CERTIFICATE_WORDING.certifies}</p>
          <p className="cert-sheet__name">{name}</p>
          {data.document && <p>{CERTIFICATE_WORDING.identified(data.document)}</p>}
          <p>{CERTIFICATE_WORDING.completed}</p>
          <p className="cert-sheet__course">{data.courseTitle}</p>
          {data.obraName && <p>{CERTIFICATE_WORDING.forObra(data.obraName)}</p>}
          <p>{CERTIFICATE_WORDING.intensity(formatHours(data.hours))}</p>
          <p className="cert-sheet__date">
            {dateLine(formatSpanishDate(data.completedAt), data.completionUnknown)}
          </p>
        </div>
        <div className="cert-sheet__sign">
          <p className="cert-sheet__signer">{data.signerName}</p>
          <p>{data.signerRole}</p>
          {data.signerLicence && <p>{data.signerLicence}</p>}
          {company && <p>{company}</p>}
        </div>
      </div>
    </article>
  );
}
