// Which forms hold input the user typed and has not sent: an update never reloads such a tab by itself (issue 32:
// text typed on /profile/changeProfile was lost when another tab reloaded). Watched on the document, so no form
// has to opt in: a field typed into counts until its form is submitted or it leaves the page.
const typed = new Set<Element>();

function isFormField(target: EventTarget | null): target is HTMLInputElement | HTMLTextAreaElement {
  return (
    (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) && !!target.closest('form')
  );
}

/** Starts watching the document's forms; returns the function that stops. */
export function watchUnsavedInput(doc: Document = document): () => void {
  const onInput = (event: Event) => {
    if (isFormField(event.target)) typed.add(event.target);
  };
  const onSubmit = (event: Event) => {
    const form = event.target as Node;
    for (const field of typed) if (form.contains(field)) typed.delete(field);
  };
  doc.addEventListener('input', onInput, true);
  doc.addEventListener('submit', onSubmit, true);
  return () => {
    doc.removeEventListener('input', onInput, true);
    doc.removeEventListener('submit', onSubmit, true);
    typed.clear();
  };
}

/** True while a field typed into is still on the page and its form not sent. */
export function hasUnsavedInput(): boolean {
  for (const field of typed) if (!field.isConnected) typed.delete(field);
  return typed.size > 0;
}
