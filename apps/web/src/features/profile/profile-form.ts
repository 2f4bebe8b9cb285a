import { ProfileFieldsUpdate, type User } from '@lea/shared';

/**
 * The editable profile fields (spec 1 §3.1), named by their path on the wire so that a server
 * field error (`email`, `personalAddress.phone`) lands on its field without translation.
 */
export const IDENTITY_FIELDS = ['firstName', 'lastName', 'email'] as const;
export const PARENT_FIELDS = ['parentFirstName', 'parentLastName'] as const;
export const ADDRESS_PARTS = ['address', 'complement', 'postCode', 'city', 'phone', 'mobile'] as const;
type AddressPart = (typeof ADDRESS_PARTS)[number];
export const ADDRESS_FIELDS = ADDRESS_PARTS.map((part) => `personalAddress.${part}` as const);

export type ProfileField = (typeof IDENTITY_FIELDS)[number] | (typeof PARENT_FIELDS)[number] | `personalAddress.${AddressPart}`;
export type ProfileFormValues = Record<ProfileField, string>;
/** Asked, next to the profile's fields, only while the e-mail differs from the account's. */
export const CURRENT_PASSWORD = 'currentPassword';
export type ProfileFormErrors = Partial<Record<ProfileField | typeof CURRENT_PASSWORD, string>>;

export const REQUIRED_FIELDS: readonly ProfileField[] = IDENTITY_FIELDS;

export function toFormValues(user: User): ProfileFormValues {
  const address = user.personalAddress;
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    parentFirstName: user.parentFirstName ?? '',
    parentLastName: user.parentLastName ?? '',
    'personalAddress.address': address.address ?? '',
    'personalAddress.complement': address.complement ?? '',
    'personalAddress.postCode': address.postCode ?? '',
    'personalAddress.city': address.city ?? '',
    'personalAddress.phone': address.phone ?? '',
    'personalAddress.mobile': address.mobile ?? '',
  };
}

/** An emptied optional field is sent as null so that the server clears it. */
const optional = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** Whether the form changes the account's address (the server compares without case too). */
export function isEmailChanged(values: ProfileFormValues, user: Pick<User, 'email'>): boolean {
  return values.email.trim().toLowerCase() !== user.email.toLowerCase();
}

/** The PUT body: flat fields, address parts grouped under personalAddress, the password with a new e-mail. */
export function toUpdateRequest(values: ProfileFormValues, currentPassword?: string): ProfileFieldsUpdate {
  const personalAddress = Object.fromEntries(ADDRESS_PARTS.map((part) => [part, optional(values[`personalAddress.${part}`])])) as Record<
    AddressPart,
    string | null
  >;
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    parentFirstName: optional(values.parentFirstName),
    parentLastName: optional(values.parentLastName),
    personalAddress,
    ...(currentPassword === undefined ? {} : { currentPassword }),
  };
}

const FIELDS = new Set<string>([...IDENTITY_FIELDS, ...PARENT_FIELDS, ...ADDRESS_FIELDS]);

export function isProfileField(field: string): field is ProfileField {
  return FIELDS.has(field);
}

/** The shared schema's messages (spec 1 §5), first one per field; empty when the form may be sent. */
export function validateProfile(values: ProfileFormValues): ProfileFormErrors {
  const result = ProfileFieldsUpdate.safeParse(toUpdateRequest(values));
  if (result.success) return {};
  const errors: ProfileFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    if (isProfileField(field)) errors[field] ??= issue.message;
  }
  return errors;
}

/** Server field errors on their fields; those naming no field of the form are left to the caller. */
export function serverFieldErrors(errors: readonly { field: string; message: string }[]): ProfileFormErrors {
  const mapped: ProfileFormErrors = {};
  for (const { field, message } of errors) {
    if (isProfileField(field) || field === CURRENT_PASSWORD) mapped[field] ??= message;
  }
  return mapped;
}
