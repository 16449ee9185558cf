import { useState } from 'react';
import { Picture, type PictureImage } from '../../components/picture';
import './product.css';
const WIDTH = 594;
const HEIGHT = 600;
const ZOOM_WIDTH = 600;

/** The main picture, 594 by 600; hovering shows a 600-wide magnified view beside it (spec §9). */
export function ZoomImage({ image, alt }: { image: PictureImage; alt: string }) {
  const src = image.url;
  const [lens, setLens] = useState<{ x: number; y: number } | null>(null);
  return (
    <div
      className="zoom-image"
      style={{ maxWidth: WIDTH, aspectRatio: `${WIDTH} / ${HEIGHT}` }}
      onMouseMove={(e) => {
        const r = e.currentTarget.getBoundingClientRect();
        setLens({ x: ((e.clientX - r.left) / r.width) * 100, y: ((e.clientY - r.top) / r.height) * 100 });
      }}
      onMouseLeave={() => setLens(null)}
    >
      <Picture image={image} alt={alt} width={WIDTH} height={HEIGHT} sizes={`(max-width: 640px) 100vw, ${WIDTH}px`} fetchPriority="high" />
      {lens && (
        <div
          className="zoom-pane"
          aria-hidden="true"
          style={{ width: ZOOM_WIDTH, height: HEIGHT, backgroundImage: `url("${src}")`, backgroundPosition: `${lens.x}% ${lens.y}%` }}
        />
      )}
    </div>
  );
}
