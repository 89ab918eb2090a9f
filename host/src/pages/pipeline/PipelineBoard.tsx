import { candidateLabel, type PipelineItem, type PipelineStageCount } from '@rec/core/pipeline';
import { type DragEvent, useEffect, useState } from 'react';
import { $locale } from '../../api';
import { useT } from '../../i18n';
import { formatDate } from '../openings/shared';
import { MoveStageMenu } from './decisions/MoveStageMenu';
import { moreCountOf } from './board-columns';
import { candidateHref } from './candidate-href';
import { stageName } from './stage-label';
import { StepDots } from './StepDots';

const DRAG_TYPE = 'application/x-rec-application';
/**
 * Cards per column in the board's first paint: about what a screen shows. The rest of each
 * column's loaded cards follows right after that paint, so the board appears without waiting
 * for the render of every card and menu (the 500 ms budget of issue 11 on a busy machine).
 */
const FIRST_PAINT_CARDS = 6;

export interface PipelineBoardProps {
  openingId: string;
  stages: readonly PipelineStageCount[];
  /** The cards shown per stage (the first BOARD_CAP, the pages "show more" added, cards moved here). */
  columns: ReadonlyMap<string, readonly PipelineItem[]>;
  /** Whether the viewer may move and reject (CANDIDATES:MANAGE). */
  canManage: boolean;
  /** A card moved with its "Move to…" menu. */
  onMoved: (item: PipelineItem, stage: string) => void;
  /** A card dropped on the rejected column, or "Reject…" chosen: the page opens the RejectDialog. */
  onReject: (item: PipelineItem) => void;
  /** Shows the table filtered on this stage (a column with more cards than the board holds). */
  onShowStage: (stage: string) => void;
  /** Moves by drag and drop (the menu is the keyboard's way). */
  onDropMove: (item: PipelineItem, stage: string) => void;
  /** Reveals the stage's next cards. */
  onShowMore: (stage: string) => void;
  /** The stage whose next cards are on their way. */
  loadingStage: string | null;
}

/**
 * The board: one column per stage with its exact count and its first cards (BOARD_CAP, so 2,000
 * applications paint at once); "show N more" reveals the next ones, the table shows them all.
 */
export function PipelineBoard({ openingId, stages, columns, canManage, onMoved, onReject, onShowStage, onDropMove, onShowMore, loadingStage }: PipelineBoardProps) {
  const t = useT();
  const locale = $locale.get();
  const [over, setOver] = useState<string | null>(null);
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    // A frame, then a task: the first cards are on screen before the rest renders.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  const byId = new Map([...columns.values()].flat().map((item) => [item.applicationId, item]));

  function onDrop(event: DragEvent<HTMLElement>, stage: PipelineStageCount) {
    event.preventDefault();
    setOver(null);
    const item = byId.get(event.dataTransfer.getData(DRAG_TYPE));
    if (!item || item.stage === stage.id) return;
    if (stage.kind === 'rejected') onReject(item);
    else onDropMove(item, stage.id);
  }

  return (
    <div className="pipeline-board">
      {stages.map((stage) => {
        const name = stageName(stage, stage.id, locale, t);
        const loaded = columns.get(stage.id) ?? [];
        const cards = painted ? loaded : loaded.slice(0, FIRST_PAINT_CARDS);
        const more = moreCountOf(stage.count, loaded.length);
        const headingId = `pipeline-column-${stage.id}`;
        return (
          <section
            key={stage.id}
            className={`pipeline-column${over === stage.id ? ' pipeline-column-over' : ''}`}
            aria-labelledby={headingId}
            data-stage={stage.id}
            onDragOver={
              canManage
                ? (event) => {
                    if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
                    event.preventDefault();
                    event.dataTransfer.dropEffect = 'move';
                    if (over !== stage.id) setOver(stage.id);
                  }
                : undefined
            }
            onDragLeave={canManage ? () => setOver((current) => (current === stage.id ? null : current)) : undefined}
            onDrop={canManage ? (event) => onDrop(event, stage) : undefined}
          >
            <h2 id={headingId} className="pipeline-column-title">
              {name} <span className="pipeline-count">{t('pipeline.count', { count: stage.count })}</span>
            </h2>
            <ul className="pipeline-cards">
              {cards.map((item) => (
                <li
                  key={item.applicationId}
                  className="pipeline-card"
                  data-review-card
                  data-application={item.applicationId}
                  draggable={canManage}
                  onDragStart={(event) => {
                    event.dataTransfer.setData(DRAG_TYPE, item.applicationId);
                    event.dataTransfer.effectAllowed = 'move';
                  }}
                >
                  <a className="pipeline-card-name" href={candidateHref(openingId, item.candidateId)} data-review-item>
                    {candidateLabel(item, t)}
                  </a>
                  <span className="pipeline-card-meta">{t('pipeline.appliedOn', { date: formatDate(item.appliedAt) })}</span>
                  {item.withdrawn ? <span className="pipeline-card-meta pipeline-withdrawn">{t('pipeline.withdrawn')}</span> : null}
                  <StepDots steps={item.steps} />
                  {canManage ? (
                    <MoveStageMenu
                      openingId={openingId}
                      applicationIds={[item.applicationId]}
                      stages={stages}
                      currentStage={item.stage}
                      candidateName={item.name}
                      onDone={(to) => onMoved(item, to)}
                      onReject={() => onReject(item)}
                    />
                  ) : null}
                </li>
              ))}
            </ul>
            {more > 0 ? (
              <div className="pipeline-more">
                {/* Busy, not disabled while loading: a disabled button would drop the keyboard focus. */}
                <button
                  type="button"
                  className="rec-button rec-button-secondary"
                  aria-busy={loadingStage === stage.id || undefined}
                  onClick={() => loadingStage !== stage.id && onShowMore(stage.id)}
                >
                  {t('pipeline.showMore', { count: more, stage: name })}
                </button>
                <button type="button" className="rec-button rec-button-link" onClick={() => onShowStage(stage.id)}>
                  {t('pipeline.showAll', { count: stage.count, stage: name })}
                </button>
              </div>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
