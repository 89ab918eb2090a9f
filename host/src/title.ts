import { BRAND_NAME } from '@rec/ui';
import { useEffect } from 'react';

/** Sets the page <title> ("Sign in · Rec"). */
export function setTitle(title: string): void {
  document.title = title ? `${title} · ${BRAND_NAME}` : BRAND_NAME;
}

/** Sets the page <title> while the page shows. */
export function useTitle(title: string): void {
  useEffect(() => setTitle(title), [title]);
}
