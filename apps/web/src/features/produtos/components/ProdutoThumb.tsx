import { Avatar } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useObjectUrl } from '../../../lib/files';
import { fotoPath } from '../../../api/produtos';

/** True once the element has come near the visible area (and stays true). */
function useSeen<T extends Element>() {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || seen) return;
    if (typeof IntersectionObserver === 'undefined') {
      const timer = setTimeout(() => setSeen(true));
      return () => clearTimeout(timer);
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: '100px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return { ref, seen };
}

/**
 * A product's first photo as a small thumbnail. The image is fetched only once the row is on
 * screen (and the browser caches it), so a page of the list never loads photos nobody sees.
 */
export function ProdutoThumb({
  produtoId,
  fotoId,
  nome,
  size = 40,
}: {
  produtoId: number;
  fotoId: number | null;
  nome: string;
  size?: number;
}) {
  const { ref, seen } = useSeen<HTMLDivElement>();
  const url = useObjectUrl(seen && fotoId ? fotoPath(produtoId, fotoId) : null);

  return (
    <Avatar
      ref={ref}
      src={url}
      alt={fotoId ? `Foto de ${nome}` : undefined}
      size={size}
      radius="sm"
      color="gray"
      data-testid={fotoId ? 'produto-thumb' : undefined}
      data-loaded={url ? 'true' : 'false'}
    >
      <IconPhoto size={size * 0.5} />
    </Avatar>
  );
}
