/** `/app/lea-manager/{course}`: every call of the area starts there. */
export function managerApi(courseId: number, ...segments: (string | number)[]): string {
  return [`/app/lea-manager/${courseId}`, ...segments].join('/');
}

/**
 * `/lea-manager/{course}/…`: the area's screens. The generic ones are the entities' screen paths
 * (`triad/crew/add`, `triad/contract/{triad}`), served by the back-office module.
 */
export function managerRoute(courseId: number, ...segments: (string | number)[]): string {
  return [`/lea-manager/${courseId}`, ...segments].join('/');
}
