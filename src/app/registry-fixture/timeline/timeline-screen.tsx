import type { TopicScreenProps } from '../../../screen-kit/screen-props.ts';

export function TimelineScreen({ topic }: TopicScreenProps) {
  return (
    <ol>
      {(topic.items ?? []).map((item) => (
        <li key={item.title}>{item.label}</li>
      ))}
    </ol>
  );
}
