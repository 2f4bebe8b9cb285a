import { useEffect, useMemo } from 'react';
import { Modal } from '@mantine/core';
import { base64Blob } from './base64-file';

type Props = { file: { data: string; fileName: string } | null; onClose: () => void };

/** A generated PDF (base64, spec 2 §7) shown in the browser's own viewer, without saving it first. */
export function PdfPreviewModal({ file, onClose }: Props) {
  const url = useMemo(() => (file ? URL.createObjectURL(base64Blob(file.data, 'application/pdf')) : null), [file]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return (
    <Modal opened={file !== null} onClose={onClose} title={file?.fileName} size="xl" fullScreen={false}>
      {url && <iframe src={url} title={file?.fileName ?? ''} style={{ width: '100%', height: '75vh', border: 0 }} />}
    </Modal>
  );
}
