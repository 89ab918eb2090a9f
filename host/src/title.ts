import { BRAND_NAME } from '@rec/ui';
import { useEffect } from 'react';

/** Sets the page <title> ("Sign in · Rec"). */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${BRAND_NAME}` : BRAND_NAME;
  }, [title]);
}
