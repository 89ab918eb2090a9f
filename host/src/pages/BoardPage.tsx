/** Full-page job board: mounts the same <rec-board> element career sites embed. */
export function BoardPage({ boardId, language }: { boardId: string; language: string | null }) {
  return <rec-board board-id={boardId} language={language ?? undefined} heading-level="1" />;
}
