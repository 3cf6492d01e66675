// Enhancements only (STYLE 29): every page works without this file. A button with data-copy copies the
// text of the element it names.
for (const button of document.querySelectorAll('button[data-copy]')) {
  button.hidden = false;
  button.addEventListener('click', async () => {
    const source = document.getElementById(button.dataset.copy);
    if (!source) return;
    await navigator.clipboard.writeText(source.textContent.trim());
    button.textContent = 'Copied';
  });
}
