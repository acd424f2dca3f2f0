import type { TopicScreenProps } from '../../../screen-kit/screen-props.ts';
import type { timeline } from './definition.ts';
import type { ScreenContent } from '../../../domain/registry/define.ts';

type Timeline = ScreenContent<typeof timeline>;

export function TimelineScreen({ topic }: TopicScreenProps) {
  // The feature registry hands every screen the loaded topic; this type's own field is «hitos».
  const { hitos } = topic as unknown as Timeline;
  return (
    <ol>
      {hitos.map((h) => (
        <li key={h.fecha}>
          {h.fecha}: {h.text}
        </li>
      ))}
    </ol>
  );
}
