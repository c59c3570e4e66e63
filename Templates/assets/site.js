// notes-site: small, optional enhancements. The site works fully without this file.
(function () {
  "use strict";
  var body = document.body;
  // Search needs JavaScript: the field is shown only when this script runs.
  document.querySelectorAll("form[data-search]").forEach(function (form) { form.hidden = false; });
  // Keep the selected note in view in the list.
  var current = document.querySelector('[data-column="notes"] [aria-current="page"]');
  if (current && current.scrollIntoView) current.scrollIntoView({ block: "nearest" });
})();
