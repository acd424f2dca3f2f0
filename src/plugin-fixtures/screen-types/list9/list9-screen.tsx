// The made-up checklist: each check a box the learner ticks.
import type { TopicScreenProps } from '../../../screen-kit/screen-props.ts';
import type { ScreenContent } from '../../../domain/registry/define.ts';
import type { list9 } from './definition.ts';

type List9 = ScreenContent<typeof list9>;

export function List9Screen({ topic }: TopicScreenProps) {
  // The feature registry hands every screen the loaded topic; this type's own field is «checks».
  const { checks } = topic as unknown as List9;
  return (
    <ul>
      {checks.map((c) => (
        <li key={c.check}>
          <label>
            <input type="checkbox" /> <span dangerouslySetInnerHTML={{ __html: c.check }} />
          </label>
        </li>
      ))}
    </ul>
  );
}
