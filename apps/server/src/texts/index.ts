/**
 * The one catalogue of every text the server emits, in fr and en (ARCHITECTURE.md, server texts).
 * Keys are `domain.name`; each domain file holds its French templates and their English side, and
 * the type of a key's params is read from its template, so a missing key or param is a type error.
 *
 * Services that answer a text do not need the locale: they throw or return a `TextRef`
 * (`textRef('questionnaire.notFound')`), rendered in the request's locale when the answer is sent.
 * Builders that print (PDF, xlsx, mails) take the locale and call `text(locale, key, params)`.
 */
import {
  EDITOR_RULE_MESSAGES,
  VALIDATION_MESSAGES,
  createLocalizer,
  fillTemplate,
  messagesOf,
  type Catalogue,
  type Locale,
  type MessagesOf,
  type ProfileTitles,
  type ParamsOf,
  type Templates,
} from '@lea/shared';
import { defaultProfileTitles } from '../services/profile-titles.js';
import { BACK_OFFICE_TEXTS } from './back-office.js';
import { ADMIN_USERS_TEXTS } from './admin-users.js';
import { COMMON_TEXTS } from './common.js';
import { COURSE_MODULES_TEXTS } from './course-modules.js';
import { DASHBOARD_TEXTS } from './dashboard.js';
import { DOCUMENT_TEXTS } from './document.js';
import { MAIL_TEXTS } from './mail.js';
import { MANAGER_TEXTS } from './manager.js';
import { MESSAGE_TEXTS } from './message.js';
import { PDF_TEXTS } from './pdf.js';
import { QUESTIONNAIRE_TEXTS } from './questionnaire.js';
import { QUESTIONNAIRE_EDITOR_TEXTS } from './questionnaire-editor.js';
import { TRIAD_TEXTS } from './triad.js';
import { LESSON_TEXTS } from './lesson.js';
import { GRADEBOOK_TEXTS } from './gradebook.js';
import { CALENDAR_TEXTS } from './calendar.js';
import { SKILL_TEXTS } from './skill.js';
import { HISTORY_TEXTS } from './history.js';
import { NEWS_TEXTS } from './news.js';
import { EXPORT_TEXTS } from './export.js';
import { ADMIN_SETUP_TEXTS } from './admin-setup.js';
import { SKILL_MANAGE_TEXTS } from './skill-manage.js';
import { SKILL_DASHBOARD_TEXTS } from './skill-dashboard.js';
import { ADMIN_TRAINING_TEXTS } from './admin-training.js';
import { SIGN_IN_TEXTS } from './sign-in.js';
import { SSO_TEXTS } from './sso.js';
import { QUALIOPI_TEXTS } from './qualiopi.js';

export const TEXT_DOMAINS = {
  validation: VALIDATION_MESSAGES,
  editor: EDITOR_RULE_MESSAGES,
  common: COMMON_TEXTS,
  adminUsers: ADMIN_USERS_TEXTS,
  courseModules: COURSE_MODULES_TEXTS,
  questionnaire: QUESTIONNAIRE_TEXTS,
  questionnaireEditor: QUESTIONNAIRE_EDITOR_TEXTS,
  document: DOCUMENT_TEXTS,
  dashboard: DASHBOARD_TEXTS,
  manager: MANAGER_TEXTS,
  backOffice: BACK_OFFICE_TEXTS,
  mail: MAIL_TEXTS,
  pdf: PDF_TEXTS,
  triad: TRIAD_TEXTS,
  lesson: LESSON_TEXTS,
  gradebook: GRADEBOOK_TEXTS,
  calendar: CALENDAR_TEXTS,
  message: MESSAGE_TEXTS,
  skill: SKILL_TEXTS,
  history: HISTORY_TEXTS,
  news: NEWS_TEXTS,
  export: EXPORT_TEXTS,
  adminSetup: ADMIN_SETUP_TEXTS,
  skillManage: SKILL_MANAGE_TEXTS,
  skillDashboard: SKILL_DASHBOARD_TEXTS,
  adminTraining: ADMIN_TRAINING_TEXTS,
  signIn: SIGN_IN_TEXTS,
  sso: SSO_TEXTS,
  qualiopi: QUALIOPI_TEXTS,
} as const satisfies Record<string, Catalogue<Templates>>;

const localizeFrench = createLocalizer(Object.values(TEXT_DOMAINS));

type Domains = typeof TEXT_DOMAINS;
type FrenchOf<D extends keyof Domains> = Domains[D]['fr'];

export type TextKey = { [D in keyof Domains]: `${D}.${keyof FrenchOf<D> & string}` }[keyof Domains];

type TemplateOf<K extends TextKey> = K extends `${infer D extends keyof Domains}.${infer N}`
  ? N extends keyof FrenchOf<D>
    ? FrenchOf<D>[N]
    : never
  : never;

/** The keys whose text takes no params: the ones a table of labels may hold. */
export type PlainTextKey = { [K in TextKey]: [ParamsOf<TemplateOf<K>>] extends [never] ? K : never }[TextKey];

/** A text to render later, in the reader's locale; its params may be texts themselves (a profile title). */
export type TextRef = { readonly key: TextKey; readonly params: Readonly<Record<string, TextParam>> };
/**
 * A param's value: data, a catalogue text, or words of the locale built when rendered (a profile
 * title, from the platform's titles in that locale: decision 024).
 */
export type TextParam = string | number | TextRef | ((locale: Locale, titles: ProfileTitles) => string);
type TextArgs<K extends TextKey> = [ParamsOf<TemplateOf<K>>] extends [never] ? [] : [params: Record<ParamsOf<TemplateOf<K>>, TextParam>];

function templateOf(locale: Locale, key: TextKey): string {
  const dot = key.indexOf('.');
  const domain = TEXT_DOMAINS[key.slice(0, dot) as keyof Domains] as Catalogue<Templates>;
  return domain[locale][key.slice(dot + 1)] ?? key;
}

function render(locale: Locale, key: TextKey, params: Readonly<Record<string, TextParam>>, titles?: ProfileTitles): string {
  const valueOf = (value: TextParam) =>
    typeof value === 'function'
      ? value(locale, titles ?? defaultProfileTitles(locale))
      : typeof value === 'object'
        ? renderText(value, locale, titles)
        : value;
  const values = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, valueOf(value)]));
  return fillTemplate(templateOf(locale, key), values);
}

/** The text of `key` in `locale`. */
export function text<K extends TextKey>(locale: Locale, key: K, ...params: TextArgs<K>): string {
  return render(locale, key, params[0] ?? {});
}

/** The text of `key`, to be rendered in the reader's locale (errors thrown by services, notices). */
export function textRef<K extends TextKey>(key: K, ...params: TextArgs<K>): TextRef {
  return { key, params: params[0] ?? {} };
}

export function isTextRef(value: unknown): value is TextRef {
  return typeof value === 'object' && value !== null && 'key' in value && 'params' in value;
}

/**
 * A text as the reader sees it: a `TextRef` in their locale; a plain string is a catalogue text in
 * French (a shared rule's message, a service's message constant) shown in their language, or a
 * text that is data (a title) and passes through. `titles`: the platform's profile titles in that
 * locale, for params that name a profile (the defaults without them: a text about no platform).
 */
export function renderText(value: string | TextRef, locale: Locale, titles?: ProfileTitles): string {
  return typeof value === 'string' ? localizeFrench(value, locale) : render(locale, value.key, value.params, titles);
}

/**
 * A domain's texts in French, as constants: for services that put a message in an answer envelope
 * without knowing the reader (`installAnswerLocalizer` shows it in the request's locale).
 */
export function frenchTexts<D extends keyof Domains>(domain: D): MessagesOf<FrenchOf<D>> {
  return messagesOf(TEXT_DOMAINS[domain] as unknown as Catalogue<FrenchOf<D>>, 'fr');
}

/** `t(key, params)` bound to one locale: for the builders that print many texts (PDF, xlsx, mails). */
export function translator(locale: Locale) {
  return <K extends TextKey>(key: K, ...params: TextArgs<K>): string => text(locale, key, ...params);
}
export type Translate = ReturnType<typeof translator>;
