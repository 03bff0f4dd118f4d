-- Default daily issue limits of the §6 permission groups (admin edits them on the batch send
-- screens). Chips in chips, cash ('withdrawable') in centavos. A group without a row may issue
-- nothing of that currency.
INSERT INTO issue_limit (permission_group, currency, daily_limit) VALUES
  ('Admin', 'chip', 100000000), ('Admin', 'withdrawable', 10000000),
  ('Second Admin', 'chip', 50000000), ('Second Admin', 'withdrawable', 5000000),
  ('Operation', 'chip', 10000000), ('Operation', 'withdrawable', 0),
  ('Customer Service Leader', 'chip', 1000000), ('Customer Service Leader', 'withdrawable', 0),
  ('Customers Service', 'chip', 100000), ('Customers Service', 'withdrawable', 0),
  ('Partner', 'chip', 5000000), ('Partner', 'withdrawable', 0),
  ('Sales', 'chip', 0), ('Sales', 'withdrawable', 0),
  ('Delivery', 'chip', 0), ('Delivery', 'withdrawable', 0),
  ('Chief Ground Promoter', 'chip', 0), ('Chief Ground Promoter', 'withdrawable', 0),
  ('Province Promoter', 'chip', 0), ('Province Promoter', 'withdrawable', 0),
  ('Maint', 'chip', 0), ('Maint', 'withdrawable', 0);
