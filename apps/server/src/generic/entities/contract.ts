import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ContractInput, MESSAGES, type ValidationError } from '@lea/shared';
import type { DbOrTx } from '../../db/client.js';
import { companies, contracts, contractTypes, triads, users } from '../../db/schema/index.js';
import { notFound } from '../../http/errors.js';
import { text, textRef } from '../../texts/index.js';
import { buildFormModel } from '../form-builder.js';
import { FIELD_MESSAGES, profileLabel } from '../text.js';
import { defineEntity, type ListColumn, type ManagerScope, type Text } from '../types.js';
import { contractTabs } from './contract-form.js';
import { findCourseTriad } from './triad.js';

type ContractRecord = typeof contracts.$inferSelect;

async function courseTriad(db: DbOrTx, scope: ManagerScope, triadId: number) {
  const triad = await findCourseTriad(db, scope.course.id, triadId);
  if (!triad) throw notFound(textRef('common.triadNotFound'));
  return triad;
}

/**
 * Whole months from the start to the termination (or the end), the end day included: a contract
 * from 2025-09-01 to 2027-08-31 lasts 24 months.
 */
export function durationInMonths(start: string, end: string | null): number | null {
  if (end === null) return null;
  const from = new Date(`${start}T00:00:00Z`);
  const to = new Date(`${end}T00:00:00Z`);
  to.setUTCDate(to.getUTCDate() + 1);
  const months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
  return Math.max(0, to.getUTCDate() < from.getUTCDate() ? months - 1 : months);
}

/** The people a contract may name: the triad's masters and company manager, plus the contract's own. */
async function peopleChoices(db: DbOrTx, triad: typeof triads.$inferSelect, record: ContractRecord | null) {
  const ids = [
    triad.apprenticeMasterId,
    triad.apprenticeMaster2Id,
    triad.companyManagerId,
    record?.apprenticeMasterId ?? null,
    record?.managerId ?? null,
  ].filter((id): id is number => id !== null);
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: users.id, lastName: users.lastName, firstName: users.firstName })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(asc(users.lastName));
  return rows.map((row) => ({ value: String(row.id), label: `${row.lastName} ${row.firstName}` }));
}

/** Dates must follow each other: the end after the start, the termination not before the start. */
function checkDates(input: ContractInput): ValidationError[] {
  const errors: ValidationError[] = [];
  if (input.endDate !== null && input.endDate <= input.startDate)
    errors.push({ field: 'endDate', message: FIELD_MESSAGES['contract.endBeforeStart'] });
  if (input.ruptureDate !== null && input.ruptureDate < input.startDate)
    errors.push({ field: 'ruptureDate', message: FIELD_MESSAGES['contract.ruptureBeforeStart'] });
  if (input.ruptureCause !== null && input.ruptureDate === null) errors.push({ field: 'ruptureDate', message: MESSAGES.required });
  return errors;
}

const masterUser = alias(users, 'contract_master');
const managerUser = alias(users, 'contract_manager');
const nameOf = (user: { lastName: string | null; firstName: string | null }) =>
  user.lastName === null ? null : `${user.lastName} ${user.firstName}`;

const column = (key: string, label: Text, format: 'text' | 'date' = 'text', filterable = false): ListColumn => ({
  key,
  label,
  filterable,
  sortable: true,
  format,
  hidden: false,
});
const COLUMNS: ListColumn[] = [
  { ...column('id', 'backOffice.word.id'), hidden: true },
  column('contractNumber', 'backOffice.contract.number', 'text', true),
  column('contractType', 'backOffice.contract.type'),
  column('company', 'backOffice.word.company', 'text', true),
  column('startDate', 'backOffice.contract.start', 'date'),
  column('endDate', 'backOffice.contract.end', 'date'),
  column('duration', 'backOffice.contract.duration'),
  column('apprenticeMaster', profileLabel(3)),
  column('manager', profileLabel('companyManager')),
  column('ruptureDate', 'backOffice.contract.ruptureDate', 'date'),
  column('ruptureCause', 'backOffice.contract.ruptureCause'),
];

/**
 * contract of a triad (spec 3 §3): listed per triad (`contract/list/{triadId}`), added and edited
 * with the tabbed form whose company tab picks a company of the platform or creates one
 * (`POST/PUT contract/{triadId}[/{id}]`).
 */
export const contractEntity = defineEntity<ContractRecord, ContractInput, 'manager'>({
  alias: 'contract',
  table: contracts,
  area: 'manager',
  access: 'MODULE_LEA_TRIAD',
  screen: { path: 'triad/contract' },
  titles: {
    list: 'backOffice.contract.list',
    add: 'backOffice.contract.add',
    edit: 'backOffice.contract.edit',
    back: 'backOffice.contract.back',
  },
  parent: { alias: 'triad', check: async (db, scope, triadId) => void (await courseTriad(db, scope, triadId)) },
  async find(db, scope, id) {
    const [row] = await db
      .select({ contract: contracts })
      .from(contracts)
      .innerJoin(triads, eq(triads.id, contracts.triadId))
      .where(and(eq(contracts.id, id), eq(triads.trainingCourseId, scope.course.id)))
      .limit(1);
    return row?.contract ?? null;
  },
  parentIdOf: (record) => record.triadId,
  list: {
    columns: COLUMNS,
    async subtitle(db, scope, triadId) {
      const triad = await courseTriad(db, scope, triadId);
      if (triad.apprenticeId === null) return null;
      const [apprentice] = await db
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, triad.apprenticeId));
      if (!apprentice) return null;
      const name = `${apprentice.firstName} ${apprentice.lastName}`.trim();
      return text(scope.locale, 'backOffice.contract.subtitle', { name });
    },
    async rows(db, _scope, triadId) {
      const rows = await db
        .select({
          contract: contracts,
          contractType: contractTypes.title,
          company: companies,
          master: { lastName: masterUser.lastName, firstName: masterUser.firstName },
          manager: { lastName: managerUser.lastName, firstName: managerUser.firstName },
        })
        .from(contracts)
        .leftJoin(contractTypes, eq(contractTypes.id, contracts.contractTypeId))
        .leftJoin(companies, eq(companies.id, contracts.companyId))
        .leftJoin(masterUser, eq(masterUser.id, contracts.apprenticeMasterId))
        .leftJoin(managerUser, eq(managerUser.id, contracts.managerId))
        .where(eq(contracts.triadId, triadId ?? 0))
        .orderBy(desc(contracts.startDate), desc(contracts.id));
      return rows.map(({ contract, contractType, company, master, manager }) => ({
        id: contract.id,
        contractNumber: contract.contractNumber,
        contractType,
        company: company?.companyName ?? null,
        companyAddress: company
          ? { address1: company.address1, address2: company.address2, postCode: company.postCode, city: company.city }
          : null,
        startDate: contract.startDate,
        endDate: contract.endDate,
        duration: durationInMonths(contract.startDate, contract.ruptureDate ?? contract.endDate),
        apprenticeMaster: nameOf(master ?? { lastName: null, firstName: null }),
        manager: nameOf(manager ?? { lastName: null, firstName: null }),
        ruptureDate: contract.ruptureDate,
        ruptureCause: contract.ruptureCause,
      }));
    },
  },
  async form(db, scope, { record, parentId }) {
    const triad = await courseTriad(db, scope, record?.triadId ?? parentId ?? 0);
    const [types, companyRows, people] = await Promise.all([
      db
        .select({ id: contractTypes.id, title: contractTypes.title })
        .from(contractTypes)
        .where(eq(contractTypes.platformId, scope.caller.platformId))
        .orderBy(asc(contractTypes.title)),
      db
        .select({ id: companies.id, name: companies.companyName, city: companies.city })
        .from(companies)
        .where(eq(companies.platformId, scope.caller.platformId))
        .orderBy(asc(companies.companyName)),
      peopleChoices(db, triad, record),
    ]);
    const tabs = contractTabs(scope.locale, {
      types: types.map((type) => ({ value: String(type.id), label: type.title })),
      companies: companyRows.map((company) => ({
        value: String(company.id),
        label: company.city ? `${company.name} (${company.city})` : company.name,
      })),
      people,
    });
    const values = record
      ? {
          ...record,
          contractType: record.contractTypeId === null ? null : String(record.contractTypeId),
          apprenticeMaster: record.apprenticeMasterId === null ? null : String(record.apprenticeMasterId),
          manager: record.managerId === null ? null : String(record.managerId),
          companyChoice: record.companyId === null ? 'new' : 'existing',
          company: record.companyId === null ? null : String(record.companyId),
        }
      : null;
    const model = buildFormModel('contract', scope, tabs, values);
    if (!record) {
      const fill = (name: string, value: unknown) => {
        for (const tab of model.tabs) for (const field of tab.fields) if (field.name === name) field.value = value;
      };
      fill('companyChoice', companyRows.length > 0 ? 'existing' : 'new');
      fill('apprenticeMaster', triad.apprenticeMasterId === null ? null : String(triad.apprenticeMasterId));
      fill('manager', triad.companyManagerId === null ? null : String(triad.companyManagerId));
    }
    return model;
  },
  input: ContractInput,
  async check(_db, _scope, input) {
    return checkDates(input);
  },
  async save(tx, scope, input, { record, parentId }) {
    let companyId = input.company;
    if (input.companyChoice === 'new') {
      const [company] = await tx
        .insert(companies)
        .values({
          platformId: scope.caller.platformId,
          companyName: input.companyName!,
          siretNumber: input.siretNumber,
          address1: input.address1,
          address2: input.address2,
          postCode: input.postCode,
          city: input.city,
        })
        .returning({ id: companies.id });
      companyId = company!.id;
    }
    const values = {
      companyId,
      contractNumber: input.contractNumber,
      contractTypeId: input.contractType,
      startDate: input.startDate,
      endDate: input.endDate,
      ruptureDate: input.ruptureDate,
      ruptureCause: input.ruptureCause,
      apprenticeMasterId: input.apprenticeMaster,
      managerId: input.manager,
    };
    if (record) {
      await tx.update(contracts).set(values).where(eq(contracts.id, record.id));
      return record.id;
    }
    const [row] = await tx
      .insert(contracts)
      .values({ ...values, triadId: parentId! })
      .returning({ id: contracts.id });
    return row!.id;
  },
  async remove(tx, _scope, record) {
    await tx.delete(contracts).where(eq(contracts.id, record.id));
    return { warnings: [] };
  },
  /** A renewal starts from a copy: same triad, company and people, no number. */
  async copy(tx, _scope, record) {
    const { id: _id, createdAt: _createdAt, ...values } = record;
    const [row] = await tx
      .insert(contracts)
      .values({ ...values, contractNumber: null })
      .returning({ id: contracts.id });
    return row!.id;
  },
  messages: { saved: 'backOffice.contract.saved', removed: 'backOffice.contract.removed' },
});
