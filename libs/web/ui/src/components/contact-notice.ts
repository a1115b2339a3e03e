/**
 * The spec's under-construction sentence for Contact (section 2), shared by the top bar and the landing contact form.
 */
export const CONTACT_UNDER_CONSTRUCTION_MESSAGE =
  'Contact functionality is currently under development. Site admin is working hard to bring you this feature soon!';
