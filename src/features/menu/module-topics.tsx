// A module's screens (its topics, then its quiz) with a mark on each one seen; a seen screen is a
// link, one tap away. Shown under each open module in the side menu and on the menu's module
// cards (docs/decisions/0228-find-a-screen-again.md).
import { Link } from '../../ui/router.tsx';
import type { ModuleOutline } from '../../domain/content/outline.ts';
import { pagePath } from '../../domain/progress/navigation.ts';
import { es } from '../../strings/es.ts';
import './module-topics.css';

export interface ModuleTopicsProps {
  module: ModuleOutline;
  /** Indexes seen in this module (topics; the quiz is index topicCount). */
  seen: readonly number[];
  /** The screen on show, marked as current. */
  currentPath?: string;
  /** Called when a screen is chosen (the side menu closes). */
  onChoose?: () => void;
}

export function ModuleTopics({ module, seen, currentPath, onChoose }: ModuleTopicsProps) {
  const seenSet = new Set(seen);
  return (
    <ol className="module-topics" aria-label={es.moduleTopicsLabel(module.number)}>
      {module.pages.map((page, i) => {
        const isSeen = seenSet.has(i);
        const path = pagePath(page);
        const current = currentPath === path;
        const title = <span dangerouslySetInnerHTML={{ __html: page.title }} />;
        return (
          <li key={page.id} className={`module-topic${isSeen ? ' is-seen' : ''}`}>
            <span className="module-topic-mark" aria-hidden="true">
              {isSeen ? '✓' : '○'}
            </span>
            {isSeen ? (
              <Link
                to={path}
                onClick={onChoose}
                aria-current={current ? 'page' : undefined}
                className="module-topic-link"
              >
                {title}
                <span className="visually-hidden"> ({es.topicSeen})</span>
              </Link>
            ) : (
              <span className="module-topic-text">
                {title}
                <span className="visually-hidden"> ({es.topicNotSeen})</span>
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
