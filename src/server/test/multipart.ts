/** A file part of a test form. */
export interface TestFile {
  data: Buffer;
  /** Form field name; `image` unless told. */
  field?: string;
  filename?: string;
  type?: string;
}

/**
 * A multipart/form-data body as a browser sends it, built with the platform's FormData, for
 * `app.inject({ payload, headers })`. Array values become repeated fields.
 */
export async function multipartBody(
  fields: Record<string, string | number | Array<string | number>>,
  file?: TestFile,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, String(v));
  }
  if (file) {
    form.append(file.field ?? 'image', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/jpeg' }), file.filename ?? 'photo.jpg');
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') as string },
  };
}
