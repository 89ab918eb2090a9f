import type { ReactNode } from 'react';

const noteStyle = {
  margin: '0 0 1.5rem',
  padding: '0.75rem 1rem',
  borderLeft: '4px solid #1f5fbf',
  background: '#f3f6fb',
  color: '#1d2433',
  font: '14px/1.5 system-ui, sans-serif',
  maxWidth: '60rem',
} as const;

/** What a preview shows today and what waits for later issues, said in the canvas itself. */
export function PreviewNote({ title, children }: { title: string; children: ReactNode }) {
  return (
    <aside style={noteStyle} aria-label={`About ${title}`}>
      <strong>{title}</strong>
      <div>{children}</div>
    </aside>
  );
}
