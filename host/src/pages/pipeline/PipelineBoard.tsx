import type { PipelineItem, PipelineStageCount } from '@rec/core/pipeline';
import { type DragEvent, useState } from 'react';
import { $locale } from '../../api';
import { useT } from '../../i18n';
import { formatDate } from '../openings/shared';
import { MoveStageMenu } from './decisions/MoveStageMenu';
import { candidateHref } from './candidate-href';
import { stageName } from './stage-label';
import { StepDots } from './StepDots';

const DRAG_TYPE = 'application/x-rec-application';

export interface PipelineBoardProps {
  openingId: string;
  stages: readonly PipelineStageCount[];
  items: readonly PipelineItem[];
  /** Whether the viewer may move and reject (CANDIDATES:MANAGE). */
  canManage: boolean;
  onMoved: () => void;
  /** A card dropped on the rejected column, or "Reject…" chosen: the page opens the RejectDialog. */
  onReject: (item: PipelineItem) => void;
  /** Shows the table filtered on this stage (a column with more cards than the board holds). */
  onShowStage: (stage: string) => void;
  /** Moves by drag and drop (the menu is the keyboard's way). */
  onDropMove: (item: PipelineItem, stage: string) => void;
}

/** The board: one column per stage with its count, one card per candidate (the first N of each stage). */
export function PipelineBoard({ openingId, stages, items, canManage, onMoved, onReject, onShowStage, onDropMove }: PipelineBoardProps) {
  const t = useT();
  const locale = $locale.get();
  const [over, setOver] = useState<string | null>(null);
  const byId = new Map(items.map((item) => [item.applicationId, item]));

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
        const cards = items.filter((item) => item.stage === stage.id);
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
                    {item.name || item.email}
                  </a>
                  <span className="pipeline-card-meta">{t('pipeline.appliedOn', { date: formatDate(item.appliedAt) })}</span>
                  <StepDots steps={item.steps} />
                  {canManage ? (
                    <MoveStageMenu
                      openingId={openingId}
                      applicationIds={[item.applicationId]}
                      stages={stages}
                      currentStage={item.stage}
                      candidateName={item.name}
                      onDone={onMoved}
                      onReject={() => onReject(item)}
                    />
                  ) : null}
                </li>
              ))}
            </ul>
            {stage.count > cards.length ? (
              <button type="button" className="rec-button rec-button-link pipeline-more" onClick={() => onShowStage(stage.id)}>
                {t('pipeline.showAll', { count: stage.count, stage: name })}
              </button>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
