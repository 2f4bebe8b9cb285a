/** Business constants of spec 1 §9 and spec 2 §9, shared by the server and the web app. */

export const APP_VERSION = '3.0.0';
export const PRODUCT = 'lea';

export const ROLE_ADMIN = 'ROLE_LEA_ADMIN';
export const ROLE_USER = 'ROLE_LEA_USER';
export type Role = typeof ROLE_ADMIN | typeof ROLE_USER;

/** Triad profile numbers (spec 1 §1). */
export const PROFILE = { apprentice: 1, tutor: 2, apprenticeMaster: 3, manager: 4 } as const;
export type ProfileNumber = (typeof PROFILE)[keyof typeof PROFILE];

/** User types (spec 1 §3.1). */
export const USER_TYPES = ['tutor', 'apprentice_master', 'lea_manager', 'apprentice'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Secondary users of a triad: 1 = of the apprentice, 2 = of the tutor. */
export const TRIAD_USER_TYPE = { apprentice: 1, tutor: 2 } as const;

/**
 * Sign-in profiles (issue 20 §1 and §2): what a person is on a platform, for choosing how they may
 * sign in. 'secondary' is a triad's secondary user (a parent); 'manager' a course manager.
 */
export const SIGN_IN_PROFILES = ['apprentice', 'tutor', 'apprentice_master', 'company_manager', 'secondary', 'manager', 'admin'] as const;
export type SignInProfile = (typeof SIGN_IN_PROFILES)[number];
export type SignInChoice = 'password' | 'email' | 'both';
/**
 * The methods of a platform that has not chosen: the people who rarely come (masters, company
 * managers, parents) may also sign in by e-mail; the others by password. Administrators always
 * keep the password (no platform can lock its administrators out).
 */
export const SIGN_IN_DEFAULTS: Record<SignInProfile, SignInChoice> = {
  apprentice: 'password',
  tutor: 'password',
  apprentice_master: 'both',
  company_manager: 'both',
  secondary: 'both',
  manager: 'password',
  admin: 'password',
};
/** E-mail sign-in codes and links (issue 20 §1): lifetime, wrong tries per code, requests per window. */
export const SIGN_IN_CODE_TTL_SECONDS = 15 * 60;
export const SIGN_IN_CODE_MAX_FAILURES = 5;

/** The bounds of a sign-in's username and password (login_check): any stored password fits; argon2 need not hash more. */
export const SIGN_IN_USERNAME_MAX_LENGTH = 180;
export const SIGN_IN_PASSWORD_MAX_LENGTH = 4096;

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export const FILE_DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
export const FILE_HARD_MAX_BYTES = 10485760;
export const FILE_DEFAULT_MAX_COUNT = 1;
export const FILE_CHUNK_BYTES = 512;
/** Data lines an xlsx import reads at most (decision 015): a longer file is refused. */
export const IMPORT_MAX_LINES = 5000;
/** Bytes an xlsx import may hold once unzipped, all its parts together (decision 019). */
export const IMPORT_MAX_UNZIPPED_BYTES = 50 * 1024 * 1024;
/**
 * Extensions accepted by uploads (spec 1 §5.2), SVG excepted: an SVG can carry script, so it is
 * accepted only as a logo (LOGO_FILE_EXTENSIONS), sanitised on the server (issue 10).
 */
export const ALLOWED_FILE_EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'csv', 'jpg', 'jpeg', 'bmp', 'gif', 'png'] as const;
/** An administrator's logo upload (folder `logo`: the platform's and institutions' design). */
export const LOGO_FILE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'svg'] as const;
/** France Compétences' RNCP exports (XML flow or CSV), accepted only in the `rncp` upload folder (skills import). */
export const RNCP_FILE_EXTENSIONS = ['xml', 'csv'] as const;

export const BREAKPOINT_MOBILE = 768;
export const BREAKPOINT_SIDEBAR = 992;

export const TOAST_DURATION_MS = 4000;
export const RECOVERY_NOTICE_DURATION_MS = 10000;
export const LOGOUT_DELAY_MS = 300;
export const MOBILE_SPINNER_STOP_MS = 2000;
export const PULL_TO_REFRESH_RATIO = 0.25;
export const PULL_TO_REFRESH_DELAY_MS = 500;

export const REMOTE_SELECT_MIN_SEARCH = 2;
export const REMOTE_SELECT_MAX_TAGS = 5;
export const TABLE_PAGE_SIZES = [5, 10, 25, 50] as const;
export const TABLE_DEFAULT_PAGE_SIZE = 10;
export const TRAINING_LIST_PAGE_LENGTH = 20;

export const INTERVIEW_DATE_ORDER_INDEX = 50000;

export const AVATAR_COLORS = {
  user: '#6ac7a4',
  admin: '#f8a007',
  apprentice: '#6ac7a4',
  tutor: '#546bd1',
  apprenticeMaster: '#da5164',
} as const;

export const DEFAULT_COLOR = '#000000';

export const LOCALES = ['fr', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fr';

/** Access token lifetime, refresh token absolute lifetime and rotation grace. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
export const REFRESH_TOKEN_SESSION_TTL_SECONDS = 24 * 3600;
export const REFRESH_REUSE_GRACE_SECONDS = 10;
export const RESET_TOKEN_TTL_SECONDS = 3600;
