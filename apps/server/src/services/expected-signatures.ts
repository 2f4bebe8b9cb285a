import { sql } from 'drizzle-orm';

/**
 * The signatures a booklet expects, as the body of a CTE over a `scope` CTE of `triads` rows (its
 * own column names): one row per active questionnaire of the triad's course that applies to the
 * triad (through the triad or its crew, or to all when it names neither) and per profile of its
 * `signedBy` held in the triad (the manager's always), with the reply's status and signing date
 * (null when nobody replied). Fill rate = rows with status 3 / rows. Shared by the course
 * indicators (decision 026) and the admin statistics, so that both count the same thing.
 */
export const EXPECTED_SIGNATURES = sql`
      select t.id as triad_id, t.training_course_id, q.id as questionnaire_id, s.profile::int as profile, r.status, r.signed_at
      from scope t
      join questionnaires q on q.training_course_id = t.training_course_id and q.active
      cross join lateral jsonb_array_elements_text(q.signed_by) as s(profile)
      left join replies r on r.questionnaire_id = q.id and r.triad_id = t.id and r.profile = s.profile::int
      where case s.profile::int
          when 1 then t.apprentice_id is not null
          when 2 then t.tutor_id is not null
          when 3 then t.apprentice_master_id is not null
          else true
        end
        and (
          exists (select 1 from questionnaire_triads qt where qt.questionnaire_id = q.id and qt.triad_id = t.id)
          or exists (select 1 from questionnaire_crews qc where qc.questionnaire_id = q.id and qc.crew_id = t.crew_id)
          or not (
            exists (select 1 from questionnaire_triads qt where qt.questionnaire_id = q.id)
            or exists (select 1 from questionnaire_crews qc where qc.questionnaire_id = q.id)
          )
        )`;
