import { csrfToken } from './apollo';

/** A photo the shop took: its address (/api/photos/{id}) and size. */
export interface Uploaded {
  url: string;
  width: number;
  height: number;
}

/**
 * Sends a photo to the shop, telling how much has gone: the shop checks it by its bytes, strips what the camera
 * wrote and makes it at the storefront's widths. Answers the photo, or throws the shop's words.
 */
export function upload(target: 'product' | 'blog', file: File, progress: (sent: number) => void): Promise<Uploaded> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/admin/files/${target}-photos`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    const token = csrfToken();
    if (token) xhr.setRequestHeader('X-CSRF-Token', token);
    xhr.upload.onprogress = (e) => e.lengthComputable && progress(e.loaded / e.total);
    xhr.onload = () => {
      let body: Partial<Uploaded> & { message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // Not the shop's answer (a proxy's page): said below.
      }
      if (xhr.status >= 200 && xhr.status < 300 && typeof body.url === 'string') resolve(body as Uploaded);
      else reject(new Error(body.message ?? `The photo was not uploaded (${xhr.status})`));
    };
    xhr.onerror = () => reject(new Error('The photo could not be sent: is the connection up?'));
    xhr.send(file);
  });
}
