// Generated from schemas/ and the definition.ts files by `npm run gen`: do not edit by hand.
// @ts-nocheck
const exports = {};
exports["-445a9033"] = validate14;
const schema16 = {"$schema":"http://json-schema.org/draft-07/schema#","title":"Enquiry","description":"The enquiry form of the Book a Demo, Get Your Free Quote, Book a 20-min Fit Call and Schedule a Call buttons. The browser and the server both validate with this schema; every message a visitor can see is in its errorMessage entries.","type":"object","additionalProperties":false,"required":["name","email","mobileRef","mobile","message"],"properties":{"name":{"title":"Name","description":"The visitor's name, at most 15 characters.","type":"string","minLength":1,"maxLength":15,"errorMessage":{"type":"Name is required","minLength":"Name is required","maxLength":"Must be 15 characters or less"},"examples":["Priya"]},"email":{"title":"Email","description":"Where we reply: at most 254 characters, the longest address mail can carry.","type":"string","minLength":1,"maxLength":254,"pattern":"^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$","errorMessage":{"type":"Email is required","minLength":"Email is required","maxLength":"Email must be 254 characters or less","pattern":"Invalid Email"},"examples":["priya@example.com"]},"mobileRef":{"title":"Country code","description":"The dial code of the phone number: India +91, Singapore +65, Malaysia +60, UAE +971, US +1 or UK +44 (the UI schema names them).","type":"string","errorMessage":"Please select country code","examples":["+91"],"enum":["+91","+65","+60","+971","+1","+44"]},"mobile":{"title":"Phone number","description":"The phone number without its dial code: digits only, at least 10 and at most 15 (the longest an international number can be).","type":"string","minLength":1,"maxLength":15,"pattern":"^[0-9]{10,}$","errorMessage":{"type":"Phone number is required","minLength":"Phone number is required","maxLength":"Phone number must be 15 digits or less","pattern":"Phone number should be minimum 10 digits"},"examples":["9876543210"]},"message":{"title":"Message","description":"What the visitor would like to talk about.","type":"string","minLength":1,"maxLength":4000,"errorMessage":{"type":"Message is required","minLength":"Message is required","maxLength":"Message must be 4000 characters or less"},"examples":["We would like to pilot an AI service desk agent."]}},"errorMessage":{"required":{"name":"Name is required","email":"Email is required","mobileRef":"Please select country code","mobile":"Phone number is required","message":"Message is required"},"additionalProperties":"has a field this form does not have"},"$id":"-445a9033"};
const func2 = ((text) => Array.from(text).length);
const pattern0 = new RegExp("^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$", "u");
const pattern1 = new RegExp("^[0-9]{10,}$", "u");
const obj0 = {"required":"missingProperty","dependencies":"property","dependentRequired":"property"};

function validate14(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="-445a9033" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'",schema:schema16.required,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.email === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "email"},message:"must have required property '"+"email"+"'",schema:schema16.required,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.mobileRef === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "mobileRef"},message:"must have required property '"+"mobileRef"+"'",schema:schema16.required,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.mobile === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "mobile"},message:"must have required property '"+"mobile"+"'",schema:schema16.required,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.message === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'",schema:schema16.required,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "name") || (key0 === "email")) || (key0 === "mobileRef")) || (key0 === "mobile")) || (key0 === "message"))){
const err5 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties",schema:false,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.name !== undefined){
let data0 = data.name;
if(typeof data0 === "string"){
if(func2(data0) > 15){
const err6 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 15},message:"must NOT have more than 15 characters",schema:15,parentSchema:schema16.properties.name,data:data0};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(func2(data0) < 1){
const err7 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema16.properties.name,data:data0};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema16.properties.name.type,parentSchema:schema16.properties.name,data:data0};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(errors > 0){
const emErrors0 = {"type":[],"minLength":[],"maxLength":[]};
const templates0 = {};
for(const err9 of vErrors){
if((((((err9.keyword !== "errorMessage") && (!err9.emUsed)) && (err9.instancePath === instancePath+"/name")) && (err9.keyword in emErrors0)) && (err9.schemaPath.indexOf("#/properties/name") === 0)) && (/^\/[^\/]*$/.test(err9.schemaPath.slice(17)))){
emErrors0[err9.keyword].push(err9);
err9.emUsed = true;
}
}
for(const key1 in emErrors0){
if(emErrors0[key1].length){
const err10 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/errorMessage",keyword:"errorMessage",params:{errors: emErrors0[key1]},message:key1 in templates0 ? templates0[key1]() : schema16.properties.name.errorMessage[key1],schema:schema16.properties.name.errorMessage,parentSchema:schema16.properties.name,data:data0};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
const emErrs0 = [];
for(const err11 of vErrors){
if(!err11.emUsed){
emErrs0.push(err11);
}
}
vErrors = emErrs0;
errors = emErrs0.length;
}
}
if(data.email !== undefined){
let data1 = data.email;
if(typeof data1 === "string"){
if(func2(data1) > 254){
const err12 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/maxLength",keyword:"maxLength",params:{limit: 254},message:"must NOT have more than 254 characters",schema:254,parentSchema:schema16.properties.email,data:data1};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(func2(data1) < 1){
const err13 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema16.properties.email,data:data1};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(!pattern0.test(data1)){
const err14 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/pattern",keyword:"pattern",params:{pattern: "^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$"},message:"must match pattern \""+"^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$"+"\"",schema:"^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$",parentSchema:schema16.properties.email,data:data1};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema16.properties.email.type,parentSchema:schema16.properties.email,data:data1};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(errors > 0){
const emErrors1 = {"type":[],"minLength":[],"maxLength":[],"pattern":[]};
const templates1 = {};
for(const err16 of vErrors){
if((((((err16.keyword !== "errorMessage") && (!err16.emUsed)) && (err16.instancePath === instancePath+"/email")) && (err16.keyword in emErrors1)) && (err16.schemaPath.indexOf("#/properties/email") === 0)) && (/^\/[^\/]*$/.test(err16.schemaPath.slice(18)))){
emErrors1[err16.keyword].push(err16);
err16.emUsed = true;
}
}
for(const key2 in emErrors1){
if(emErrors1[key2].length){
const err17 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/errorMessage",keyword:"errorMessage",params:{errors: emErrors1[key2]},message:key2 in templates1 ? templates1[key2]() : schema16.properties.email.errorMessage[key2],schema:schema16.properties.email.errorMessage,parentSchema:schema16.properties.email,data:data1};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
const emErrs1 = [];
for(const err18 of vErrors){
if(!err18.emUsed){
emErrs1.push(err18);
}
}
vErrors = emErrs1;
errors = emErrs1.length;
}
}
if(data.mobileRef !== undefined){
let data2 = data.mobileRef;
if(typeof data2 !== "string"){
const err19 = {instancePath:instancePath+"/mobileRef",schemaPath:"#/properties/mobileRef/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema16.properties.mobileRef.type,parentSchema:schema16.properties.mobileRef,data:data2};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(!((((((data2 === "+91") || (data2 === "+65")) || (data2 === "+60")) || (data2 === "+971")) || (data2 === "+1")) || (data2 === "+44"))){
const err20 = {instancePath:instancePath+"/mobileRef",schemaPath:"#/properties/mobileRef/enum",keyword:"enum",params:{allowedValues: schema16.properties.mobileRef.enum},message:"must be equal to one of the allowed values",schema:schema16.properties.mobileRef.enum,parentSchema:schema16.properties.mobileRef,data:data2};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(errors > 0){
const emErrs2 = [];
for(const err21 of vErrors){
if(((((err21.keyword !== "errorMessage") && (!err21.emUsed)) && ((err21.instancePath === instancePath+"/mobileRef") || ((err21.instancePath.indexOf(instancePath+"/mobileRef") === 0) && (err21.instancePath[instancePath+"/mobileRef".length] === "/")))) && (err21.schemaPath.indexOf("#/properties/mobileRef") === 0)) && (err21.schemaPath["#/properties/mobileRef".length] === "/")){
emErrs2.push(err21);
err21.emUsed = true;
}
}
if(emErrs2.length){
const err22 = {instancePath:instancePath+"/mobileRef",schemaPath:"#/properties/mobileRef/errorMessage",keyword:"errorMessage",params:{errors: emErrs2},message:"Please select country code",schema:"Please select country code",parentSchema:schema16.properties.mobileRef,data:data2};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
const emErrs3 = [];
for(const err23 of vErrors){
if(!err23.emUsed){
emErrs3.push(err23);
}
}
vErrors = emErrs3;
errors = emErrs3.length;
}
}
if(data.mobile !== undefined){
let data3 = data.mobile;
if(typeof data3 === "string"){
if(func2(data3) > 15){
const err24 = {instancePath:instancePath+"/mobile",schemaPath:"#/properties/mobile/maxLength",keyword:"maxLength",params:{limit: 15},message:"must NOT have more than 15 characters",schema:15,parentSchema:schema16.properties.mobile,data:data3};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(func2(data3) < 1){
const err25 = {instancePath:instancePath+"/mobile",schemaPath:"#/properties/mobile/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema16.properties.mobile,data:data3};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(!pattern1.test(data3)){
const err26 = {instancePath:instancePath+"/mobile",schemaPath:"#/properties/mobile/pattern",keyword:"pattern",params:{pattern: "^[0-9]{10,}$"},message:"must match pattern \""+"^[0-9]{10,}$"+"\"",schema:"^[0-9]{10,}$",parentSchema:schema16.properties.mobile,data:data3};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
else {
const err27 = {instancePath:instancePath+"/mobile",schemaPath:"#/properties/mobile/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema16.properties.mobile.type,parentSchema:schema16.properties.mobile,data:data3};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(errors > 0){
const emErrors2 = {"type":[],"minLength":[],"maxLength":[],"pattern":[]};
const templates2 = {};
for(const err28 of vErrors){
if((((((err28.keyword !== "errorMessage") && (!err28.emUsed)) && (err28.instancePath === instancePath+"/mobile")) && (err28.keyword in emErrors2)) && (err28.schemaPath.indexOf("#/properties/mobile") === 0)) && (/^\/[^\/]*$/.test(err28.schemaPath.slice(19)))){
emErrors2[err28.keyword].push(err28);
err28.emUsed = true;
}
}
for(const key3 in emErrors2){
if(emErrors2[key3].length){
const err29 = {instancePath:instancePath+"/mobile",schemaPath:"#/properties/mobile/errorMessage",keyword:"errorMessage",params:{errors: emErrors2[key3]},message:key3 in templates2 ? templates2[key3]() : schema16.properties.mobile.errorMessage[key3],schema:schema16.properties.mobile.errorMessage,parentSchema:schema16.properties.mobile,data:data3};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
const emErrs4 = [];
for(const err30 of vErrors){
if(!err30.emUsed){
emErrs4.push(err30);
}
}
vErrors = emErrs4;
errors = emErrs4.length;
}
}
if(data.message !== undefined){
let data4 = data.message;
if(typeof data4 === "string"){
if(func2(data4) > 4000){
const err31 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/maxLength",keyword:"maxLength",params:{limit: 4000},message:"must NOT have more than 4000 characters",schema:4000,parentSchema:schema16.properties.message,data:data4};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
if(func2(data4) < 1){
const err32 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters",schema:1,parentSchema:schema16.properties.message,data:data4};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
else {
const err33 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string",schema:schema16.properties.message.type,parentSchema:schema16.properties.message,data:data4};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if(errors > 0){
const emErrors3 = {"type":[],"minLength":[],"maxLength":[]};
const templates3 = {};
for(const err34 of vErrors){
if((((((err34.keyword !== "errorMessage") && (!err34.emUsed)) && (err34.instancePath === instancePath+"/message")) && (err34.keyword in emErrors3)) && (err34.schemaPath.indexOf("#/properties/message") === 0)) && (/^\/[^\/]*$/.test(err34.schemaPath.slice(20)))){
emErrors3[err34.keyword].push(err34);
err34.emUsed = true;
}
}
for(const key4 in emErrors3){
if(emErrors3[key4].length){
const err35 = {instancePath:instancePath+"/message",schemaPath:"#/properties/message/errorMessage",keyword:"errorMessage",params:{errors: emErrors3[key4]},message:key4 in templates3 ? templates3[key4]() : schema16.properties.message.errorMessage[key4],schema:schema16.properties.message.errorMessage,parentSchema:schema16.properties.message,data:data4};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
const emErrs5 = [];
for(const err36 of vErrors){
if(!err36.emUsed){
emErrs5.push(err36);
}
}
vErrors = emErrs5;
errors = emErrs5.length;
}
}
}
else {
const err37 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object",schema:schema16.type,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if(errors > 0){
const emErrors4 = {"additionalProperties":[]};
const templates4 = {};
for(const err38 of vErrors){
if((((((err38.keyword !== "errorMessage") && (!err38.emUsed)) && (err38.instancePath === instancePath)) && (err38.keyword in emErrors4)) && (err38.schemaPath.indexOf("#") === 0)) && (/^\/[^\/]*$/.test(err38.schemaPath.slice(1)))){
emErrors4[err38.keyword].push(err38);
err38.emUsed = true;
}
}
for(const key5 in emErrors4){
if(emErrors4[key5].length){
const err39 = {instancePath,schemaPath:"#/errorMessage",keyword:"errorMessage",params:{errors: emErrors4[key5]},message:key5 in templates4 ? templates4[key5]() : schema16.errorMessage[key5],schema:schema16.errorMessage,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
const emErrors5 = {"required":{"name":[],"email":[],"mobileRef":[],"mobile":[],"message":[]}};
const templates5 = {required:{}};
let emPropParams0;
let emParamsErrors0;
for(const err40 of vErrors){
if((((((err40.keyword !== "errorMessage") && (!err40.emUsed)) && (err40.instancePath === instancePath)) && (err40.keyword in emErrors5)) && (err40.schemaPath.indexOf("#") === 0)) && (/^\/[^\/]*$/.test(err40.schemaPath.slice(1)))){
emPropParams0 = obj0[err40.keyword];
emParamsErrors0 = emErrors5[err40.keyword][err40.params[emPropParams0]];
if(emParamsErrors0){
emParamsErrors0.push(err40);
err40.emUsed = true;
}
}
}
for(const key6 in emErrors5){
for(const keyProp0 in emErrors5[key6]){
emParamsErrors0 = emErrors5[key6][keyProp0];
if(emParamsErrors0.length){
const tmpl0 = templates5[key6] && templates5[key6][keyProp0];
const err41 = {instancePath,schemaPath:"#/errorMessage",keyword:"errorMessage",params:{errors: emParamsErrors0},message:tmpl0 ? tmpl0() : schema16.errorMessage[key6][keyProp0],schema:schema16.errorMessage,parentSchema:schema16,data};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
}
const emErrs6 = [];
for(const err42 of vErrors){
if(!err42.emUsed){
emErrs6.push(err42);
}
}
vErrors = emErrs6;
errors = emErrs6.length;
}
validate14.errors = vErrors;
return errors === 0;
}

export default exports;
