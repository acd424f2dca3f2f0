// Course HTML is trusted (it is authored in content/ and validated at build time), so it is
// rendered as is.
import './screen-common.css';

interface HtmlBlockProps {
  html: string;
  className?: string;
  id?: string;
}

export function HtmlBlock({ html, className, id }: HtmlBlockProps) {
  return (
    <div
      id={id}
      className={className ? `scr-html ${className}` : 'scr-html'}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
