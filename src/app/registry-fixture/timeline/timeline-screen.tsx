import type { TopicScreenProps } from '../../../features/screens/screen-props.ts';

export function TimelineScreen({ topic }: TopicScreenProps) {
  return (
    <ol>
      {(topic.items ?? []).map((item) => (
        <li key={item.title}>{item.label}</li>
      ))}
    </ol>
  );
}
