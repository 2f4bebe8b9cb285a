import { PROFILE, TRIAD_USER_TYPE, type AvatarKind, type PersonSummary, type Triad } from '@lea/shared';

export type MemberRole = 'apprentice' | 'tutor' | 'apprenticeMaster' | 'companyManager';
export type TriadMember = {
  person: PersonSummary;
  role: MemberRole;
  /** Profile number (spec 1 §1); the company manager has none. */
  profile: number | null;
  avatar: AvatarKind;
};

/** The triad's members in the order of the members block: apprentice, tutors, masters, company manager. */
export function triadMembers(triad: Triad): TriadMember[] {
  const slots: [PersonSummary | null, MemberRole, number | null, AvatarKind][] = [
    [triad.apprentice, 'apprentice', PROFILE.apprentice, 'apprentice'],
    [triad.tutor, 'tutor', PROFILE.tutor, 'tutor'],
    [triad.tutor2, 'tutor', PROFILE.tutor, 'tutor'],
    [triad.apprenticeMaster, 'apprenticeMaster', PROFILE.apprenticeMaster, 'apprenticeMaster'],
    [triad.apprenticeMaster2, 'apprenticeMaster', PROFILE.apprenticeMaster, 'apprenticeMaster'],
    [triad.companyManager, 'companyManager', null, 'user'],
  ];
  return slots.flatMap(([person, role, profile, avatar]) => (person ? [{ person, role, profile, avatar }] : []));
}

/** The i18n key of a secondary user's attachment: 1 of the apprentice, 2 of the tutor. */
export function secondaryUserKey(userType: number): 'secondary.ofApprentice' | 'secondary.ofTutor' {
  return userType === TRIAD_USER_TYPE.tutor ? 'secondary.ofTutor' : 'secondary.ofApprentice';
}
