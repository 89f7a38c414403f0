// A business's details, address and signature as the API takes them.

export const ADDRESS = {
  street: '10 Main Street',
  suite: '',
  city: 'Austin',
  state: 'TX',
  postalCode: '78701',
  country: 'US',
};

export const DETAILS = {
  businessName: 'Night Shift Music LLC',
  dba: 'Night Shift',
  businessType: 'llc',
  classification: 'record-label',
  ein: '74-1234567',
  address: ADDRESS,
};

export const SIGNATURE = { signerName: 'Lena Label', signerTitle: 'CEO', acceptAgreement: true };
