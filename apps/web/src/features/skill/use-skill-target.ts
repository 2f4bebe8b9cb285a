import { useTriad } from '../../shell/shell-queries';
import { useCurrentTriadId } from '../../shell/current-triad';
import type { SkillTarget } from './api';

/** The course and triad of the skill calls: the working triad and its course. */
export function useSkillTarget(): { triadId: number | null; target: SkillTarget | null } {
  const triadId = useCurrentTriadId();
  const triad = useTriad(triadId);
  const courseId = triad.data?.trainingCourse.id;
  return { triadId, target: triadId !== null && courseId ? { courseId, triadId } : null };
}
