#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kibitz::fuzzing::webhook_body(data));
