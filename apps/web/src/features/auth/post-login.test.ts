import { describe, expect, it } from 'vitest';
import { ADMIN_HOME, DASHBOARD_HOME, decidePostLoginRoute, TRAINING_COURSE_LIST } from './post-login';

const course = (id: number) => ({ id });

describe('decidePostLoginRoute', () => {
  it('sends an administrator to the admin home and remembers the course list as return path', () => {
    expect(decidePostLoginRoute({ isAdmin: true, courseCount: 3, courses: [course(1), course(2), course(3)] })).toEqual({
      type: 'navigate',
      path: ADMIN_HOME,
      returnPath: TRAINING_COURSE_LIST,
    });
  });

  it('sends a user of several courses to the course list', () => {
    expect(decidePostLoginRoute({ isAdmin: false, courseCount: 2, courses: [course(1), course(2)] })).toEqual({
      type: 'navigate',
      path: TRAINING_COURSE_LIST,
    });
  });

  it('counts the courses beyond the first page', () => {
    expect(decidePostLoginRoute({ isAdmin: false, courseCount: 25, courses: [course(1)] })).toMatchObject({ path: TRAINING_COURSE_LIST });
  });

  it('asks for the triads of a single course, then opens its only triad', () => {
    expect(decidePostLoginRoute({ isAdmin: false, courseCount: 1, courses: [course(7)] })).toEqual({
      type: 'loadTriads',
      trainingCourseId: 7,
    });
    expect(decidePostLoginRoute({ isAdmin: false, courseCount: 1, courses: [course(7)], triads: [{ id: 40 }] })).toEqual({
      type: 'navigate',
      path: DASHBOARD_HOME,
      triad: { triadId: 40, trainingCourseId: 7 },
    });
  });

  it('sends a user of one course with several triads to the course list', () => {
    expect(decidePostLoginRoute({ isAdmin: false, courseCount: 1, courses: [course(7)], triads: [{ id: 40 }, { id: 41 }] })).toEqual({
      type: 'navigate',
      path: TRAINING_COURSE_LIST,
    });
  });

  it('sends a user without course, or with a course without triad, to the dashboard empty state', () => {
    expect(decidePostLoginRoute({ isAdmin: false, courseCount: 0, courses: [] })).toEqual({ type: 'navigate', path: DASHBOARD_HOME });
    expect(decidePostLoginRoute({ isAdmin: false, courseCount: 1, courses: [course(7)], triads: [] })).toEqual({
      type: 'navigate',
      path: DASHBOARD_HOME,
    });
  });
});
