import { errorKeyFromUnknown } from '@rec/api-client';
import type { PipelineStageCount } from '@rec/core/pipeline';
import { showErrorToast, showToast } from '@rec/stores';
import { MenuButton, type MenuItem } from '@rec/ui';
import { type RefObject, useEffect, useState } from 'react';
import { $locale } from '../../../api';
import { useT } from '../../../i18n';
import { bulkMove, loadStages, moveStage } from '../pipeline-api';
import { adoptPipelineStyles } from '../pipeline-styles';
import { stageName } from '../stage-label';

export interface MoveStageMenuProps {
  openingId: string;
  applicationIds: readonly string[];
  /** Called after a successful move (or when the reject item is chosen with `onReject` absent: never). */
  onDone: (stage: string) => void;
  /** The company's stages; loaded for the opening when not given (the candidate page). */
  stages?: readonly PipelineStageCount[];
  /** Where the candidate stands now: left out of the menu. */
  currentStage?: string;
  /** Offers "Reject…" at the end of the menu; the caller opens the RejectDialog. */
  onReject?: () => void;
  /** The candidate's name, for the button's accessible name ("Move Léa Muller to…"). */
  candidateName?: string;
  buttonRef?: RefObject<HTMLButtonElement | null>;
}

/**
 * "Move to…": a keyboard-operable menu of the company's open and hired stages (the rejected one
 * goes through the RejectDialog: it asks for a reason). One application or a selection (bulk).
 */
export function MoveStageMenu({ openingId, applicationIds, onDone, stages, currentStage, onReject, candidateName, buttonRef }: MoveStageMenuProps) {
  const t = useT();
  adoptPipelineStyles();
  const [loaded, setLoaded] = useState<readonly PipelineStageCount[] | undefined>(stages);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (stages) {
      setLoaded(stages);
      return;
    }
    let live = true;
    loadStages(openingId).then(
      (answer) => live && setLoaded(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [openingId, stages]);

  const locale = $locale.get();
  async function move(stage: string) {
    if (busy || !applicationIds.length) return;
    setBusy(true);
    try {
      if (applicationIds.length === 1) await moveStage(openingId, applicationIds[0] as string, stage);
      else await bulkMove(openingId, applicationIds, stage);
      const name = stageName(
        loaded?.find((candidate) => candidate.id === stage),
        stage,
        locale,
        t,
      );
      showToast({ tone: 'success', title: 'decisions.moved', values: { stage: name, count: applicationIds.length } });
      onDone(stage);
    } catch (error) {
      showErrorToast(errorKeyFromUnknown(error));
    } finally {
      setBusy(false);
    }
  }

  const items: MenuItem[] = (loaded ?? [])
    .filter((stage) => stage.kind !== 'rejected' && stage.id !== currentStage)
    .map((stage) => ({ id: `move-${stage.id}`, label: stageName(stage, stage.id, locale, t), onSelect: () => void move(stage.id) }));
  if (onReject && currentStage !== loaded?.find((stage) => stage.kind === 'rejected')?.id) {
    items.push({ id: 'reject', label: t('decisions.rejectEllipsis'), onSelect: onReject, tone: 'danger' });
  }
  // The accessible name starts with the visible text (WCAG 2.5.3), then says whom it moves.
  const label = `${t('decisions.moveTo')} ${candidateName ?? t('pipeline.bulk.selected', { count: applicationIds.length })}`;
  return (
    <MenuButton label={label} items={items} className="pipeline-move" {...(buttonRef ? { buttonRef } : {})}>
      {t('decisions.moveTo')}
    </MenuButton>
  );
}
