import { useEffect, useRef } from "react";
import styles from "./ProductImage.module.css";

export const PLACEHOLDER_IMAGE = "/img/placeholder-producto.svg";

/**
 * A product image with the placeholder as fallback. With JavaScript a broken
 * image is swapped for the placeholder (also one that failed before
 * hydration). Without JavaScript the placeholder is the frame's background and
 * a broken image with empty alt text renders nothing over it.
 */
export function ProductImage({
  src,
  alt = "",
  width = 400,
  height = 400,
  priority = false,
  className,
}: {
  src: string | null | undefined;
  alt?: string;
  width?: number;
  height?: number;
  /** The page's largest image (its LCP): loaded at once, before the other images. */
  priority?: boolean;
  className?: string;
}) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && !img.src.endsWith(PLACEHOLDER_IMAGE)) {
      img.src = PLACEHOLDER_IMAGE;
    }
  }, [src]);
  return (
    <span className={className ? `${styles.frame} ${className}` : styles.frame}>
      <img
        ref={ref}
        src={src || PLACEHOLDER_IMAGE}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
        onError={(event) => {
          const img = event.currentTarget;
          if (!img.src.endsWith(PLACEHOLDER_IMAGE)) img.src = PLACEHOLDER_IMAGE;
        }}
      />
    </span>
  );
}
