import { imageSize } from '../ui/image-size.ts';
import './topic-image.css';

interface TopicImageProps {
  src: string;
  /** Spanish alt text; an image without one is treated as decorative. */
  alt?: string;
  assetBase: string;
  className?: string;
}

/** A course illustration (SVG from public/img) in a figure that never overflows its column. */
export function TopicImage({ src, alt, assetBase, className }: TopicImageProps) {
  return (
    <figure className={className ? `ti-figure ${className}` : 'ti-figure'}>
      <img
        className="ti-img"
        src={assetBase + src}
        alt={alt ?? ''}
        decoding="async"
        {...imageSize(src)}
      />
    </figure>
  );
}
