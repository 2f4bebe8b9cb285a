/** The ticked users of the send-infos screen (spec 3 §2.2): ids, shared by every crew list. */
export type Selection = ReadonlySet<number>;

export function toggleUser(selection: Selection, id: number): Selection {
  const next = new Set(selection);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** A crew's "select all": ticks all its users, or unticks them when all are ticked already. */
export function toggleCrew(selection: Selection, ids: readonly number[]): Selection {
  const next = new Set(selection);
  if (ids.every((id) => next.has(id))) ids.forEach((id) => next.delete(id));
  else ids.forEach((id) => next.add(id));
  return next;
}

export function crewState(selection: Selection, ids: readonly number[]): 'none' | 'some' | 'all' {
  const ticked = ids.filter((id) => selection.has(id)).length;
  if (ticked === 0) return 'none';
  return ticked === ids.length ? 'all' : 'some';
}

/** Spec 3 §5: both sends are disabled until at least one user is ticked. */
export function canSend(selection: Selection): boolean {
  return selection.size > 0;
}
