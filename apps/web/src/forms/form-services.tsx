import { createContext, useContext, type ReactNode } from 'react';
import type { FieldChoice, FileFieldValue, FileUploadRequest, FormField } from '@lea/shared';

/**
 * What the renderer needs from the API, given by the feature that shows the form (or once for a
 * whole area through the provider), so `src/forms` stays free of any endpoint.
 */
export interface FormServices {
  /** Remote select: GET `{ajaxUrl}/{search}` answering the matching choices. */
  fetchChoices?: (url: string) => Promise<FieldChoice[]>;
  /** File field: stores the file (base64 upload, see `toFileUploadRequest`) and answers its id. */
  uploadFile?: (file: File, field: FormField) => Promise<FileFieldValue>;
}

const FormServicesContext = createContext<FormServices>({});

export function FormServicesProvider({ children, ...services }: FormServices & { children: ReactNode }) {
  return <FormServicesContext.Provider value={services}>{children}</FormServicesContext.Provider>;
}

export function useFormServices(): FormServices {
  return useContext(FormServicesContext);
}

/** The spec's base64 upload body for a chosen file (`uploadType` is the storage folder). */
export function toFileUploadRequest(file: File, field: FormField): Promise<FileUploadRequest> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const data = String(reader.result);
      const type = field.attributes.uploadType;
      resolve({ data, originalName: file.name, ...(type ? { type } : {}) });
    };
    reader.onerror = () => reject(reader.error ?? new Error('file read failed'));
    reader.readAsDataURL(file);
  });
}
