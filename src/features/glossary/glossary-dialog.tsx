// The glossary dialog (decision 0106): a modal <dialog> named by its heading, a definition list
// of the siglas (sigla, meaning, one plain sentence), closed by its button or Escape.
import glossary from 'virtual:course-glossary';
import { es } from '../../strings/es.ts';
import { CloseIcon } from '../../screen-kit/icons.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import './glossary.css';

export default function GlossaryDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open labelledBy="glosario-titulo" className="glossary-dialog" onEscape={onClose}>
      <div className="glossary-card">
        <div className="glossary-head">
          <h2 id="glosario-titulo">{es.glossary}</h2>
          <button
            type="button"
            className="glossary-close"
            aria-label={es.glossaryClose}
            data-autofocus
            onClick={onClose}
          >
            <CloseIcon size={22} />
          </button>
        </div>
        <p className="glossary-intro">{es.glossaryIntro}</p>
        {/* The list scrolls inside the dialog: focusable so a keyboard can scroll it too. */}
        <div
          className="glossary-scroll"
          role="region"
          aria-label={es.glossaryListLabel}
          tabIndex={0}
        >
          <dl className="glossary-list">
            {glossary.map((g) => (
              <div key={g.sigla} className="glossary-entry">
                <dt lang="es">
                  <abbr title={g.significado}>{g.sigla}</abbr>
                </dt>
                <dd>
                  <strong>{g.significado}.</strong> {g.definicion}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="glossary-actions">
          <button type="button" className="btn btn-primary" onClick={onClose}>
            {es.close}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
